/**
 * The JavaScript a first visit of a page loads, read from the client build React Router wrote
 * (`build/client`, or SABAI_BUILD_DIR's): the entry module and its static imports, then each
 * matched route's module (root, layout, page) and its static imports, from the route manifest
 * (`assets/manifest-*.js`, the lists the server's inline module preloads, app/lib/server-scripts.tsx).
 * Dynamic imports (`import()`, `lazy()`) are not counted: they load when something asks for them.
 * Each file's size is its stored `.br` copy (scripts/precompress.mjs, quality 11), or the file
 * compressed here at quality 11 when the build kept no copy (small files).
 *
 * Used by bench/first-visit-js.ts (the table) and tests/e2e/first-visit-js.spec.ts (the budget).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { matchRoutes, type RouteObject } from 'react-router';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLIENT_DIR = path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build', 'client');

/** The slice of React Router's build manifest read here. */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
export interface BuildManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface LoadedFile {
  href: string;
  /** Brotli bytes (quality 11). */
  br: number;
  raw: number;
}
export interface PageScripts {
  name: string;
  path: string;
  files: LoadedFile[];
  br: number;
}

/** The route manifest React Router wrote into the build (`window.__reactRouterManifest={…};`). */
export function readBuildManifest(clientDir = CLIENT_DIR): BuildManifest {
  const assets = path.join(clientDir, 'assets');
  // The newest: a build into a directory outside the project leaves the older files in place.
  const file = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .sort((a, b) => statSync(path.join(assets, b)).mtimeMs - statSync(path.join(assets, a)).mtimeMs)[0];
  if (!file) throw new Error(`no React Router manifest in ${assets}: run \`npm run build\` first`);
  const text = readFileSync(path.join(assets, file), 'utf8');
  const json = text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '');
  return JSON.parse(json) as BuildManifest;
}

/** The manifest's flat routes as the nested route objects `matchRoutes` takes. */
function routeTree(manifest: BuildManifest): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest.routes)
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject => (route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) }));
  return childrenOf(undefined);
}

/** The modules a first visit of `url` loads, in React Router's order: entry and its imports, then each matched route's module and imports. */
export function firstVisitModules(manifest: BuildManifest, url: string): string[] {
  const pathname = new URL(url, 'http://x').pathname;
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  const routeModules = matches.flatMap(({ route }) => {
    const entry = manifest.routes[route.id!];
    return entry ? [entry.module, ...(entry.imports ?? [])] : [];
  });
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeModules])];
}

/** Per build directory and file. */
const brotliCache = new Map<string, LoadedFile>();

/** A build file's size as sent: its `.br` copy when the build kept one, else compressed here at quality 11. */
export function sizeOf(href: string, clientDir = CLIENT_DIR): LoadedFile {
  const file = path.join(clientDir, href);
  const cached = brotliCache.get(file);
  if (cached) return cached;
  const raw = readFileSync(file);
  const br = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).length
    : zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }).length;
  const sized = { href, br, raw: raw.length };
  brotliCache.set(file, sized);
  return sized;
}

export function pageScripts(manifest: BuildManifest, name: string, url: string, clientDir = CLIENT_DIR): PageScripts {
  const files = firstVisitModules(manifest, url).map((href) => sizeOf(href, clientDir));
  return { name, path: url, files, br: files.reduce((sum, f) => sum + f.br, 0) };
}
