/**
 * The browser build's "frame" chunk (issue 32, ADR 0034): the site's own modules that every page
 * of the default layout loads — what the client entry, the root route and the default layout
 * import statically (header, footer, search box, translator, session, toasts, icons, buttons…) —
 * go into one file, with the packages they import (React, React Router), instead of the thirty
 * small files Rolldown's automatic splitting made of them (one per set of routes that shares a
 * module). Brotli compresses one stream of them much better than thirty: each small file pays for
 * its own start (no shared dictionary, its own import and export lines), and a first visit to any
 * page saved about 7 KB of its ~130 (bench/first-visit-js.ts).
 *
 * The chunk holds only what those three modules reach by static imports, so it carries nothing a
 * page would not have loaded anyway; a page outside the default layout (the installer, the
 * editors) loads the default layout's part of it besides (the site header it mostly shares).
 * React DOM stays in the entry's file (the entry module itself is not captured). Cost: a change
 * to any frame module changes the frame's file, React Router's bytes with it, for returning
 * visitors once per deploy.
 *
 * A second group joins the list pages' shared part the same way (LIST_ROOTS).
 *
 * The plugin records the static import graph as Rolldown parses the modules (`moduleParsed`), and
 * the group's `test` reads it when chunking starts, once every module is parsed.
 */
import type { Plugin } from 'vite';

/** The modules whose static imports make the frame: the client entry, the root route, the default layout. */
export const FRAME_ROOTS: readonly RegExp[] = [/[\\/]app[\\/]entry\.client\.tsx$/, /[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]components[\\/]layout[\\/]default-layout\.tsx$/];

/**
 * The list pages' shared part, a second chunk: the keyset feed with "Load more" (home, the topic
 * and article lists, the profile's lists, search, tags) and the topics list (home, the topic
 * lists, the profile). Joined, home and the profile loaded 2.2 KB less; search, which has no
 * topics list, 1.2 KB more (topic items, image grid) — it stays far under the budget.
 */
export const LIST_ROOTS: readonly RegExp[] = [/[\\/]app[\\/]components[\\/]content[\\/]keyset-feed\.tsx$/, /[\\/]app[\\/]components[\\/]topic[\\/]topic-feed\.tsx$/];

/** Static imports by module id. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The frame's own modules: those the roots reach through static imports, outside node_modules,
 * without the client entry module itself (its import of React DOM would bring that along).
 */
export function frameModules(graph: ImportGraph, roots: readonly RegExp[] = FRAME_ROOTS): Set<string> {
  const reached = new Set<string>();
  const stack = [...graph.keys()].filter((id) => roots.some((root) => root.test(id)));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    stack.push(...(graph.get(id) ?? []));
  }
  return new Set([...reached].filter((id) => !/[\\/]node_modules[\\/]/.test(id) && !/[\\/]app[\\/]entry\.client\.tsx$/.test(id)));
}

/** The list chunk's modules: what the list roots reach, less the frame's. */
export function listModules(graph: ImportGraph, frame: ReadonlySet<string>): Set<string> {
  return new Set([...frameModules(graph, LIST_ROOTS)].filter((id) => !frame.has(id)));
}

export function frameChunkPlugin(): Plugin {
  const graph = new Map<string, readonly string[]>();
  let frame: Set<string> | null = null;
  let lists: Set<string> | null = null;
  return {
    name: 'sabai:frame-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      graph.clear();
      frame = null;
      lists = null;
    },
    moduleParsed(info) {
      graph.set(info.id, info.importedIds);
    },
    configEnvironment(name) {
      if (name !== 'client') return;
      // Chunking runs after every module is parsed: the graph is whole when `test` is first called.
      const inFrame = (id: string) => (frame ??= frameModules(graph)).has(id);
      const inLists = (id: string) => (lists ??= listModules(graph, (frame ??= frameModules(graph)))).has(id);
      const groups = [
        { name: 'frame', test: inFrame, priority: 10 },
        { name: 'lists', test: inLists, priority: 5 },
      ];
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
