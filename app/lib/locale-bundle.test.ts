/**
 * The browser downloads only the visitor's locale (./i18n.ts). `common/i18n` and the
 * `common/locales` index import every section of every locale, so browser code must not use
 * them: a component, hook or meta function that does pulls both locales into its chunk. Code
 * that runs only on the server is fine: `*.server.ts` modules, entry.server.tsx, and a route's
 * `loader`/`action` (React Router strips those, and their imports, from the client build).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('../', import.meta.url));
const ALL_LOCALES = /(^|\/)common\/(i18n|locales(\/index)?)$/;
const SERVER_ONLY_EXPORTS = new Set(['loader', 'action']);

function appFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) appFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name) && entry.name !== 'entry.server.tsx') out.push(full);
  }
  return out;
}

/** The top-level statement holding `node`, if it is the route's loader or action. */
function inServerOnlyExport(node: ts.Node): boolean {
  let top: ts.Node = node;
  while (top.parent && !ts.isSourceFile(top.parent)) top = top.parent;
  if (ts.isFunctionDeclaration(top)) return SERVER_ONLY_EXPORTS.has(top.name?.text ?? '');
  if (ts.isVariableStatement(top)) return top.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && SERVER_ONLY_EXPORTS.has(d.name.text));
  return false;
}

/** `file: name` for every browser-side use of a value imported from an every-locale module. */
function browserUsesOfAllLocales(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!ALL_LOCALES.test(statement.moduleSpecifier.text.replace(/\.(ts|js)$/, ''))) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) {
      // A bare side-effect import runs the module in the browser.
      if (!clause) names.add('(side-effect import)');
      continue;
    }
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
  }
  const uses: string[] = names.has('(side-effect import)') ? [`${file}: (side-effect import)`] : [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && names.has(node.text) && !ts.isImportSpecifier(node.parent) && !ts.isImportClause(node.parent) && !ts.isNamespaceImport(node.parent)) {
      if (!inServerOnlyExport(node)) uses.push(`${file}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe('browser code loads one locale', () => {
  it('flags a browser-side use and accepts loader-only and type-only ones (the check itself)', () => {
    const meta = `import { translator } from '../../common/i18n';\nexport const meta = () => [{ title: translator('en-US')('site.x') }];`;
    expect(browserUsesOfAllLocales('a.ts', meta)).toEqual(['a.ts: translator']);
    const loaderOnly = `import { translator } from '../../common/i18n';\nexport async function loader() { return translator('en-US')('site.x'); }`;
    expect(browserUsesOfAllLocales('b.ts', loaderOnly)).toEqual([]);
    expect(browserUsesOfAllLocales('c.ts', `import type { Messages } from '../../common/locales';\nexport const m: Messages = {};`)).toEqual([]);
    expect(browserUsesOfAllLocales('d.ts', `import { resources } from '../common/locales/index';\nconsole.log(resources);`)).toEqual(['d.ts: resources']);
  });

  it('no component, hook or meta function imports common/i18n or common/locales', () => {
    const files = appFiles(APP);
    expect(files.length).toBeGreaterThan(50);
    const uses = files.flatMap((file) => browserUsesOfAllLocales(path.relative(APP, file), readFileSync(file, 'utf8')));
    expect(uses).toEqual([]);
  });
});
