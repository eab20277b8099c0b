/**
 * Every audit action the code can write has a label in every locale (issue 31 item 7, defect 2):
 * the server's `recordAudit` takes only `AUDIT_ACTIONS` (its type), each call site's literal is
 * checked here too, and each action, target kind and detail field reads in every language.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_DETAIL_FIELDS, AUDIT_TARGETS } from './audit';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.join(here, 'locales');
const serverDir = path.join(here, '..', 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every locale directory present (en-US, zh-CN, and th-TH once it is added). */
const LOCALE_DIRS = readdirSync(localesDir).filter((name) => statSync(path.join(localesDir, name)).isDirectory());

describe('audit actions', () => {
  it('every action, target kind and detail field has a label in every locale', () => {
    expect(LOCALE_DIRS).toEqual(expect.arrayContaining(['en-US', 'zh-CN']));
    for (const locale of LOCALE_DIRS) {
      const audit = JSON.parse(readFileSync(path.join(localesDir, locale, 'admin.json'), 'utf8')).audit as Record<string, Record<string, string>>;
      const missing = [
        ...AUDIT_ACTIONS.filter((action) => !audit.actions?.[action]?.trim()).map((action) => `actions.${action}`),
        ...AUDIT_TARGETS.filter((target) => !audit.targets?.[target]?.trim()).map((target) => `targets.${target}`),
        ...AUDIT_DETAIL_FIELDS.filter((field) => !audit.fields?.[field]?.trim()).map((field) => `fields.${field}`),
      ];
      expect(missing, `admin.audit labels missing in ${locale}`).toEqual([]);
    }
  });

  it('every recordAudit call in the server writes one of AUDIT_ACTIONS', () => {
    const literals: string[] = [];
    let calls = 0;
    for (const file of sourceFiles(serverDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/recordAudit\([^{]*\{([\s\S]*?)\}\)/g)) {
        calls += 1;
        const action = /action:\s*([^,\n]+)/.exec(match[1] ?? '')?.[1]?.trim() ?? '';
        // A literal, or a conditional of literals.
        for (const literal of action.matchAll(/'([^']+)'/g)) literals.push(literal[1]!);
      }
    }
    expect(calls).toBeGreaterThan(15);
    expect(literals.length).toBeGreaterThan(15);
    expect(literals.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
