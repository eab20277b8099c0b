/**
 * The layer rule (DESIGN "Layout"): app/ → common/; common/ imports neither app/ nor server/;
 * server/ never imports app/. Route modules get the server's data through the load context
 * (common/load-context.ts), never by importing server modules, so the SSR bundle holds no second
 * copy of the server. This test reads every source file's module specifiers (imports, type
 * imports, re-exports, dynamic imports, require, triple-slash references) with TypeScript's own
 * pre-processor and fails on any that crosses a layer the wrong way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERS = ['app', 'common', 'server'] as const;
type Layer = (typeof LAYERS)[number];

/** Which layers each layer must not import. */
const FORBIDDEN: Record<Layer, readonly Layer[]> = {
  app: ['server'],
  common: ['app', 'server'],
  server: ['app'],
};

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;

function sourceFiles(layer: Layer): string[] {
  return readdirSync(path.join(ROOT, layer), { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(layer, file));
}

/** Every module specifier a file names. */
function specifiersOf(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return [...info.importedFiles, ...info.referencedFiles].map((ref) => ref.fileName);
}

/** The layer a specifier of `file` (repo-relative) points into, or null (packages, node:, other folders). */
function targetLayer(file: string, specifier: string): Layer | null {
  let target: string;
  if (specifier.startsWith('~/')) target = path.join('app', specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.join(path.dirname(file), specifier);
  else return null;
  const top = path.normalize(target).split(path.sep)[0];
  return (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : null;
}

function violationsOf(file: string, source: string): string[] {
  const layer = file.split(path.sep)[0] as Layer;
  return specifiersOf(source)
    .filter((specifier) => {
      const target = targetLayer(file, specifier);
      return target !== null && FORBIDDEN[layer].includes(target);
    })
    .map((specifier) => `${file} imports '${specifier}'`);
}

describe('layer rule', () => {
  it('app/ imports no server/, common/ neither app/ nor server/, server/ no app/', () => {
    const violations: string[] = [];
    for (const layer of LAYERS) {
      const files = sourceFiles(layer);
      // A broken listing must not pass by reading nothing.
      expect(files.length, `${layer}/ source files`).toBeGreaterThan(10);
      for (const file of files) violations.push(...violationsOf(file, readFileSync(path.join(ROOT, file), 'utf8')));
    }
    expect(violations).toEqual([]);
  });

  it('sees every way of naming a module', () => {
    const app = path.join('app', 'routes', 'page.tsx');
    const source = [
      "import { a } from '../../server/http/a';",
      "import type { B } from '../../server/b';",
      "import type {} from '../../server/c';",
      "export { d } from '../../server/d';",
      "export * from '../../server/e';",
      "const f = await import('../../server/f');",
      "const g = require('../../server/g');",
      "import '../../server/h';",
      "import { ok } from '../../common/ok';",
      "import { alsoOk } from '~/lib/ok';",
      "import { pkg } from 'react-router';",
    ].join('\n');
    expect(violationsOf(app, source).map((v) => v.split("'")[1])).toEqual([
      '../../server/http/a',
      '../../server/b',
      '../../server/c',
      '../../server/d',
      '../../server/e',
      '../../server/f',
      '../../server/g',
      '../../server/h',
    ]);
    expect(violationsOf(path.join('server', 'http', 'ssr.ts'), "import type {} from '../../app/lib/load-context';\nimport '~/root';")).toHaveLength(2);
    expect(violationsOf(path.join('common', 'views', 'topic.ts'), "import type { X } from '../../server/x';\nimport type { Y } from '../../app/y';")).toHaveLength(2);
    expect(violationsOf(path.join('common', 'views', 'topic.ts'), "import type { U } from './user';\nimport type { L } from '../constants';")).toEqual([]);
  });
});
