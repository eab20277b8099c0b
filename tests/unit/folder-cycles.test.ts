/**
 * The folder rule of the publishing core (docs/architecture.md "Layers"): the feature folders of
 * server/modules import one another without a cycle, and server/kernel imports no feature. A
 * cycle between two features means neither can change, test or be removed alone; the fix is to
 * move the shared piece down (common/views, the kernel) or to reach the other feature through a
 * kind or an event.
 *
 * The graph is built from the TypeScript sources (imports, type imports, re-exports, dynamic
 * imports, with TypeScript's own pre-processor, as tests/unit/layers.test.ts does), one node per
 * folder: `modules/<feature>`, `kernel`, `http`, and one per other top-level folder of server/.
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

/** The folder node of a server/-relative path (posix separators), or null outside server/. */
export function folderOf(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] === '..' || parts.length < 2) return null; // outside server/, or a file at its top (app.ts, features.ts)
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : null;
  return parts[0] ?? null;
}

/** Folder → folder → the first `file imports 'specifier'` seen for that edge. */
export type FolderGraph = Map<string, Map<string, string>>;

export function addImports(graph: FolderGraph, file: string, source: string): void {
  const from = folderOf(file);
  if (!from) return;
  const info = ts.preProcessFile(source, true, true);
  for (const { fileName: specifier } of info.importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const to = folderOf(target);
    if (!to || to === from) continue;
    const edges = graph.get(from) ?? new Map<string, string>();
    if (!edges.has(to)) edges.set(to, `${file} imports '${specifier}'`);
    graph.set(from, edges);
  }
}

/** The strongly connected groups of more than one folder among `nodes` (Tarjan), each sorted. */
export function cyclesAmong(graph: FolderGraph, keep: (folder: string) => boolean): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])])].filter(keep).sort();
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!keep(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A cycle group, spelled out with the import behind each edge inside it. */
function describeGroup(graph: FolderGraph, group: string[]): string {
  const edges = group.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string>())].filter(([to]) => group.includes(to)).map(([to, why]) => `  ${from} → ${to}: ${why}`),
  );
  return [`cycle: ${group.join(', ')}`, ...edges].join('\n');
}

function serverGraph(): FolderGraph {
  const graph: FolderGraph = new Map();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !TEST.test(file));
  expect(files.length, 'server/ source files').toBeGreaterThan(50);
  for (const file of files) addImports(graph, file, readFileSync(path.join(SERVER, file), 'utf8'));
  return graph;
}

const isFeature = (folder: string) => folder.startsWith('modules/');

describe('folder rule', () => {
  const graph = serverGraph();

  it('the feature folders of server/modules import one another without a cycle', () => {
    const cycles = cyclesAmong(graph, isFeature).map((group) => describeGroup(graph, group));
    expect(cycles.join('\n\n')).toBe('');
  });

  it('server/kernel imports no feature', () => {
    const features = [...(graph.get('kernel') ?? new Map<string, string>())].filter(([to]) => isFeature(to)).map(([, why]) => why);
    expect(features).toEqual([]);
  });

  it('finds a cycle, and only a real one', () => {
    const made: FolderGraph = new Map();
    addImports(made, 'modules/a/a.service.ts', "import type { B } from '../b/b.presenter';\nexport { c } from '../c/c';");
    addImports(made, 'modules/b/b.presenter.ts', "const a = await import('../a/a.service');");
    addImports(made, 'modules/c/c.ts', "import { x } from '../../kernel/x';\nimport { y } from '../c/y';");
    addImports(made, 'kernel/x.ts', "import { c } from '../modules/c/c';");
    expect(cyclesAmong(made, isFeature)).toEqual([['modules/a', 'modules/b']]);
    // Through the kernel it is a cycle of the whole graph, but not one among features.
    expect(cyclesAmong(made, () => true)).toEqual([['kernel', 'modules/c'], ['modules/a', 'modules/b']]);
    expect(folderOf('app.ts')).toBeNull();
    expect(folderOf('modules/topics/topics.usecases.ts')).toBe('modules/topics');
    expect(folderOf('http/ssr.ts')).toBe('http');
  });
});
