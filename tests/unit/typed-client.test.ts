/**
 * The site calls the API through the declared actions' contracts (ADR 0021): `send(contract,
 * input)` (app/lib/api.ts), never a hand-written `api('/api/…')` path, so a route's path, fields
 * and answer type are written once. Only the client itself (and its tests) speak in paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT = new Set(['app/lib/api.ts', 'app/lib/api.test.ts']);
/**
 * Files that call by a path, and why it is still the contract's: a feed's "Load more" pages
 * through a declared read whose route comes with the loader's data (`feedSource(contract, query)`
 * makes it from the contract: loader data cannot carry the contract itself).
 */
const FROM_A_CONTRACT: Record<string, string> = {
  'app/components/content/keyset-feed.tsx': 'pages through the route feedSource(contract) put in the loader data',
};
/** A call of the low-level client with a path: `api(`, `api<T>(`, with a string, a template or a variable. */
const PATH_CALL = /\bapi(?:<[^()]*>)?\(\s*(?:['"`]|[A-Za-z_$])/;

function appFiles(): string[] {
  return readdirSync(path.join(ROOT, 'app'), { recursive: true, encoding: 'utf8' })
    .map((file) => `app/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.(?:ts|tsx)$/.test(file) && !CLIENT.has(file));
}

describe('the site calls declared actions', () => {
  it('no component, route or helper of app/ calls the API by a path', () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(100);
    const byPath = files.filter((file) => {
      const code = readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      return PATH_CALL.test(code);
    });
    expect(byPath.filter((file) => !(file in FROM_A_CONTRACT))).toEqual([]);
    expect(Object.keys(FROM_A_CONTRACT).filter((file) => !byPath.includes(file))).toEqual([]);
  });

  it('sees a call by a path in every spelling', () => {
    for (const call of ["api('/api/x')", 'api(`/api/x/${id}`)', "api<Page<T>>('/api/x')", 'api(path, { method: "POST" })']) expect(PATH_CALL.test(call), call).toBe(true);
    expect(PATH_CALL.test('send(topicActions.create, body)')).toBe(false);
  });
});
