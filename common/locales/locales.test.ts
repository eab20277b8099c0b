import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../constants';
import { resources, type Messages } from './index';

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('translations', () => {
  const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(resources[l])]));
  const base = flat['en-US']!;

  for (const locale of LOCALES) {
    it(`${locale} has every key of every other locale, none empty`, () => {
      const mine = flat[locale]!;
      for (const other of LOCALES) {
        const missing = [...flat[other]!.keys()].filter((k) => !mine.has(k));
        expect(missing, `keys missing from ${locale}`).toEqual([]);
      }
      const empty = [...mine].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty, `empty strings in ${locale}`).toEqual([]);
    });
  }

  it('registers every section file of every locale (the server reads only registered ones)', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(new URL(`./${locale}/`, import.meta.url)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
      expect(Object.keys(resources[locale]).sort(), locale).toEqual(files.sort());
    }
  });

  it('uses the same interpolation placeholders in every locale', () => {
    for (const [key, text] of base) {
      for (const locale of LOCALES) {
        const other = flat[locale]!.get(key);
        if (other !== undefined) expect(placeholders(other), `${locale} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  // The translator fills `{{name}}` only: a `{name}` would reach the reader as it is (issue 29's
  // "ready until {time}"). The two strings that show a literal `{hash}` are the explorer
  // address template's own syntax, which admins type.
  const LITERAL_BRACES = new Set(['adminVip.settings.explorerHint', 'adminVip.validation.explorerUrl']);
  it('writes every placeholder with double braces', () => {
    for (const locale of LOCALES) {
      const single = [...flat[locale]!].filter(([key, text]) => !LITERAL_BRACES.has(key) && /(?<!\{)\{\s*[\w.-]+\s*\}(?!\})/.test(text)).map(([key]) => key);
      expect(single, locale).toEqual([]);
    }
  });
});

/**
 * Keys the code uses must exist (issue 3 item 4: a missing key would show raw on screen). The
 * source of app/, server/ and common/ (tests excluded) is parsed with the TypeScript compiler and
 * every key-shaped string literal is checked against each locale:
 * - any literal `<section>.<path>` whose first segment is a locale section (t('…'), labelKey,
 *   AppError helpers, zod messages, label maps such as `{sqlite: 'install.database.typeSqlite'}`);
 * - the first argument of any `t(…)`, `….t(…)` or `translator(l)(…)` / `tFor(l)(…)` call, and
 *   any `…Key: '…'` property, whatever its first segment (a typo in the section is caught too);
 * - template keys (`install.steps.${step}`): at least one key must start with the literal head.
 * A plural key `k` passes when `k_one` and `k_other` exist.
 */
const SOURCE_ROOTS = ['app', 'server', 'common'];
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Section-prefixed literals that are not translation keys. */
const NOT_KEYS = new Set([
  'install.lock', // the installer's lock file name (server/modules/install/install-lock.ts)
  // Audit action names in common/audit.ts's AUDIT_ACTIONS (their labels: admin.audit.actions.*, common/audit.test.ts).
  'conversation.staffView',
  'conversation.messageRemove',
  'vip.activate',
  'vip.reject',
]);
/** Properties whose values look like keys but name something else. */
const NOT_KEY_PROPERTIES = new Set([
  'action', // audit-log action names, e.g. action: 'topic.delete'
  'name', // declared actions' names, e.g. name: 'comment.create' (common/actions)
]);

interface KeyUse {
  key: string;
  file: string;
  /** A template's literal head: some key must start with it. */
  prefix: boolean;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** `t`, `i18n.t`, `translator(locale)`, `tFor(locale)` — whatever yields a translate function. */
function isTranslateCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text === 't';
  if (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression)) return ['translator', 'tFor'].includes(callee.expression.text);
  return false;
}

/** Calls whose first argument names a domain event (server/kernel/events.ts), not a text. */
const EVENT_CALLS = new Set(['onWrite', 'onCommit', 'emit']);

/** A domain event's name: the first argument of `onWrite`/`onCommit`/`emit`, a member name of an interface (the event catalogue), or a literal type. */
function isEventName(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertySignature(parent) && parent.name === node) return true;
  // `DomainEventMap['message.sent']`: a type, never a text on screen.
  if (ts.isLiteralTypeNode(parent)) return true;
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== node) return false;
  const callee = parent.expression;
  return ts.isPropertyAccessExpression(callee) && EVENT_CALLS.has(callee.name.text);
}

function propertyName(node: ts.Node): string | null {
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === node && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) return parent.name.text;
  return null;
}

function collectKeyUses(sections: ReadonlySet<string>): { uses: KeyUse[]; counts: { sectionLiterals: number; translateCalls: number; keyProperties: number; templates: number } } {
  const uses: KeyUse[] = [];
  const counts = { sectionLiterals: 0, translateCalls: 0, keyProperties: 0, templates: 0 };
  const sectionOf = (text: string) => /^([A-Za-z]\w*)\.[\w.-]*\w$/.exec(text)?.[1];
  for (const root of SOURCE_ROOTS) {
    for (const file of sourceFiles(path.join(REPO_ROOT, root))) {
      const relative = path.relative(REPO_ROOT, file);
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node) => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
          const text = node.text;
          const property = propertyName(node);
          const section = sectionOf(text);
          const parent = node.parent;
          const isTranslateArgument = ts.isCallExpression(parent) && parent.arguments[0] === node && isTranslateCall(parent);
          const isKeyProperty = property !== null && /Key$/.test(property);
          const isModulePath = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent);
          if (isTranslateArgument) counts.translateCalls++;
          if (isKeyProperty) counts.keyProperties++;
          const sectionLiteral = section !== undefined && sections.has(section) && !NOT_KEYS.has(text) && !(property && NOT_KEY_PROPERTIES.has(property)) && !isEventName(node);
          if (sectionLiteral) counts.sectionLiterals++;
          if (!isModulePath && (isTranslateArgument || isKeyProperty || sectionLiteral)) uses.push({ key: text, file: relative, prefix: false });
        } else if (ts.isTemplateExpression(node)) {
          const head = node.head.text;
          const section = head.split('.')[0] ?? '';
          if (head.includes('.') && sections.has(section)) {
            counts.templates++;
            uses.push({ key: head, file: relative, prefix: true });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { uses, counts };
}

describe('keys used in the code', () => {
  const sections = new Set(Object.keys(resources['en-US']));
  const { uses, counts } = collectKeyUses(sections);
  const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(resources[l])]));

  function exists(locale: Locale, use: KeyUse): boolean {
    const keys = flat[locale]!;
    if (use.prefix) return [...keys.keys()].some((k) => k.startsWith(use.key));
    return keys.has(use.key) || (keys.has(`${use.key}_one`) && keys.has(`${use.key}_other`));
  }

  it('finds the keys (the scan cannot pass by finding nothing)', () => {
    // Floors well under today's figures (about 720 section literals, 520 t() calls, 23 templates).
    expect(counts.sectionLiterals).toBeGreaterThan(500);
    expect(counts.translateCalls).toBeGreaterThan(300);
    expect(counts.templates).toBeGreaterThan(5);
    expect(counts.keyProperties).toBeGreaterThan(0);
    expect(uses.map((u) => u.key)).toEqual(expect.arrayContaining(['site.error.notFound', 'site.header.createTopic', 'accountSettings.title', 'install.steps.']));
  });

  for (const locale of LOCALES) {
    it(`every key used exists in ${locale}`, () => {
      const missing = [...new Set(uses.filter((use) => !exists(locale, use)).map((use) => `${use.key}${use.prefix ? '…' : ''} (${use.file})`))];
      expect(missing, `keys used in the code but missing from ${locale}`).toEqual([]);
    });
  }

  it('the browser never asks for a `mail` or `message` key (its bundles leave those sections out)', () => {
    const serverOnly = (key: string) => key.startsWith('mail.') || key.startsWith('message.');
    const client = uses.filter((use) => use.file.startsWith('app/') && !use.file.endsWith('.server.ts') && serverOnly(use.key));
    expect(client.map((use) => `${use.key} (${use.file})`)).toEqual([]);
  });
});
