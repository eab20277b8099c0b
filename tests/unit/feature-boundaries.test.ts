/**
 * The feature boundary (DESIGN convention 13): a feature reaches another only through its public
 * surface, `modules/<feature>/<feature>.api.ts` — never its repository, presenter, service or
 * any other file. The rest of server/ (http, infra, db) holds to the same door; the kernel
 * imports no feature at all (tests/unit/folder-cycles.test.ts); only the composition root
 * (server/app.ts, server/features.ts, server/context.ts) also wires each feature's `.feature.ts`.
 * Test files are left out: a test may set up whatever it needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const SOURCE = /\.(?:[cm]?ts|tsx)$/;
const TEST = /\.test\.(?:[cm]?ts|tsx)$/;

/** The composition root: it assembles the features, so it may name each one's `.feature.ts`. */
const COMPOSITION_ROOT = new Set(['app.ts', 'features.ts', 'context.ts', 'main.ts']);

/**
 * Imports across the boundary that the feature conversion (issue 26) has not removed yet, each
 * as `importing file → imported file`. This list only shrinks: an entry that no longer exists
 * fails the test too, so it is crossed out as it goes. It must be empty when the issue closes.
 */
const NOT_YET_THROUGH_THE_API: readonly string[] = [
  'app.ts → modules/auth/sweep',
  'app.ts → modules/settings/settings.service',
  'app.ts → modules/site/site.presenter',
  'app.ts → modules/uploads/images',
  'context.ts → modules/settings/settings.service',
  'context.ts → modules/uploads/images',
  'features.ts → modules/content/content.routes',
  'features.ts → modules/install/install.routes',
  'features.ts → modules/seo/seo.routes',
  'features.ts → modules/uploads/uploads.routes',
  'main.ts → modules/install/setup',
];

/** `modules/<feature>` of a server/-relative path, or null outside the feature folders. */
function featureOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** Whether `target` (server/-relative, no extension) is a door `file` may use into another feature. */
function allowed(file: string, target: string): boolean {
  const feature = featureOf(target);
  if (!feature) return true;
  if (featureOf(file) === feature) return true;
  const base = target.split('/').at(-1) ?? '';
  if (base.endsWith('.api')) return true;
  return COMPOSITION_ROOT.has(file) && base.endsWith('.feature');
}

/** Every crossing of a feature's boundary by another door than its `.api.ts`, in one source file. */
export function crossings(file: string, source: string): string[] {
  const out: string[] = [];
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(?:[cm]?ts|tsx|js)$/, '');
    if (target.startsWith('..')) continue;
    if (!allowed(file, target)) out.push(`${file} → ${target}`);
  }
  return out;
}

function serverCrossings(): string[] {
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !TEST.test(file));
  expect(files.length, 'server/ source files').toBeGreaterThan(50);
  return files.flatMap((file) => crossings(file, readFileSync(path.join(SERVER, file), 'utf8'))).sort();
}

/**
 * Public surfaces that still hand out repository functions (another feature's SQL): each must
 * offer a service instead. Shrinks to none, as above.
 */
const API_REPOSITORY_EXPORTS_LEFT: readonly string[] = [
  'modules/articles/articles.api.ts',
  'modules/nodes/nodes.api.ts',
  'modules/publishing/publishing.api.ts',
  'modules/reactions/reactions.api.ts',
  'modules/topics/topics.api.ts',
  'modules/users/users.api.ts',
];

/** The `.api.ts` files that re-export something from a repository. */
function apisExportingRepositories(): string[] {
  return readdirSync(path.join(SERVER, 'modules'), { recursive: true, encoding: 'utf8' })
    .map((file) => `modules/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.api.ts'))
    .filter((file) => /from '\.\/[\w.-]*repository'/.test(readFileSync(path.join(SERVER, file), 'utf8')))
    .sort();
}

describe('feature boundaries', () => {
  const found = serverCrossings();

  it('every import of another feature goes through its .api.ts', () => {
    const known = new Set(NOT_YET_THROUGH_THE_API);
    expect(found.filter((crossing) => !known.has(crossing))).toEqual([]);
  });

  it('the list of imports not yet through the api only shrinks', () => {
    const now = new Set(found);
    expect(NOT_YET_THROUGH_THE_API.filter((crossing) => !now.has(crossing))).toEqual([]);
  });

  it('a public surface offers services, never a repository (another feature never runs its SQL)', () => {
    expect(apisExportingRepositories()).toEqual([...API_REPOSITORY_EXPORTS_LEFT].sort());
  });

  it('sees a crossing, and only a real one', () => {
    expect(crossings('modules/seo/seo.routes.ts', "import { findRecentTopics } from '../topics/topics.repository';")).toEqual(['modules/seo/seo.routes.ts → modules/topics/topics.repository']);
    expect(crossings('modules/seo/seo.routes.ts', "import type { TopicView } from '../topics/topics.api';")).toEqual([]);
    expect(crossings('modules/topics/topics.usecases.ts', "import { x } from './topics.repository';\nimport { y } from '../../kernel/write';")).toEqual([]);
    expect(crossings('http/request-context.ts', "import { userForToken } from '../modules/auth/tokens.service';")).toEqual(['http/request-context.ts → modules/auth/tokens.service']);
    expect(crossings('features.ts', "import { topicsFeature } from './modules/topics/topics.feature';")).toEqual([]);
    expect(crossings('modules/vip/vip.feature.ts', "import { usersFeature } from '../users/users.feature';")).toEqual(['modules/vip/vip.feature.ts → modules/users/users.feature']);
  });
});
