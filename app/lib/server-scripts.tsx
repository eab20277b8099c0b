/**
 * The page's scripts and links as the server renders them: what React Router's `<Scripts>` and
 * `<Links>` write, made once per set of routes instead of once per request (issue 32, "cheap
 * misses").
 *
 * `<Scripts>` builds, on every render, the inline module that imports the matched routes and the
 * route manifest the browser starts with (the matched routes and those of the path's parents,
 * `JSON.stringify(…, null, 2)` of it), after matching each parent path against the route table:
 * a tenth of a topic page's render. Those depend only on the build's manifest, the matched routes
 * and the parent paths, so they are kept here per build and key. The two scripts are the same
 * elements, so the browser's own `<Scripts>` hydrates them (root.tsx renders that one in the
 * browser). The difference: no `<link rel="modulepreload">` is written. The inline module starts
 * the page's modules after the first paint and adds those preloads then (`routeModulesScriptOf`);
 * the links are hoistable, so the browser's `<Scripts>` adds its own copies at hydration. It also
 * leaves seventy fewer nonces on a topic page for the page cache to splice on every hit.
 *
 * `<Links>` likewise gathers every matched route's `links()` and deduplicates them by their
 * JSON on each render; the same list, kept per route set, is written with the same nonce.
 *
 * Anything this does not reproduce exactly (subresource integrity, hot reloading, route modules
 * split into chunks, SPA mode, critical CSS, page links, an error's shortened matches) falls back
 * to React Router's own.
 */
import { createElement, Fragment, useContext, type LinkHTMLAttributes, type ReactNode } from 'react';
import {
  Links,
  matchRoutes,
  Scripts,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  type UNSAFE_AssetsManifest as AssetsManifest,
} from 'react-router';

type ManifestRoute = AssetsManifest['routes'][string];

/** What a set of routes gets: the inline module's text (which names the modules it preloads). */
interface Made {
  routeModulesScript: string;
}

/** Per build (manifest), per key: few keys (route sets × parent paths), bounded all the same. */
const made = new WeakMap<AssetsManifest, Map<string, Made>>();
const MAX_KEYS = 500;

const STREAM_SCRIPT =
  'window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());';

/** Whether the route needs more than React Router's plain case (its module alone). */
function split(route: ManifestRoute | undefined): boolean {
  return !route || Boolean(route.clientActionModule || route.clientLoaderModule || route.clientMiddlewareModule || route.hydrateFallbackModule);
}

/** The parent paths of a pathname, as React Router's partial manifest walks them: "/", then each ancestor. */
function parentPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  return paths;
}

/** The modules to preload, in React Router's order (entry imports, then each route's module and imports), deduplicated. */
function preloadsOf(manifest: AssetsManifest, matchIds: readonly string[]): string[] {
  const hrefs = matchIds.flatMap((id) => {
    const route = manifest.routes[id];
    return route ? [route.module, ...(route.imports ?? [])] : [];
  });
  return [...new Set([...manifest.entry.imports, ...hrefs])];
}

/**
 * The inline module that starts the page's scripts: what `<Scripts>` writes (the matched routes'
 * modules imported, `window.__reactRouterRouteModules` set, the entry imported; with lazy route
 * discovery the partial manifest inlined), except that nothing is fetched before the page's first
 * paint (issue 32). A page is whole HTML from the server and its scripts only hydrate it: on a slow
 * phone link, the ~50 module preloads fetched beside the stylesheet and the document delayed the
 * paint they are not needed for (Lighthouse: largest contentful paint 2.2–2.9 s, all of it waiting
 * on scripts). After the first frame the modules are preloaded (in parallel, as the `<link
 * rel="modulepreload">`s did) and imported in React Router's order.
 */
function routeModulesScriptOf(manifest: AssetsManifest, matchIds: readonly string[], routeIds: readonly string[], fogOfWar: boolean, preloads: readonly string[]): string {
  const { sri: _sri, ...rest } = manifest;
  const partial = { ...rest, routes: Object.fromEntries(routeIds.map((id) => [id, manifest.routes[id]])), sri: undefined };
  const inlined = fogOfWar ? `window.__reactRouterManifest = ${JSON.stringify(partial)};` : '';
  const first = [...(fogOfWar ? [] : [manifest.url]), manifest.entry.module, ...preloads];
  const routeModules = matchIds.map((id) => manifest.routes[id]!.module);
  const modules = matchIds.map((id, index) => `${JSON.stringify(id)}:m[${index}]`).join(',');
  return `${inlined}
const start = () => {
  for (const href of ${JSON.stringify([...new Set(first)])}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }
  ${fogOfWar ? '' : `import(${JSON.stringify(manifest.url)}).then(() => `}Promise.all(${JSON.stringify(routeModules)}.map((href) => import(href))).then((m) => {
    window.__reactRouterRouteModules = {${modules}};
    return import(${JSON.stringify(manifest.entry.module)});
  })${fogOfWar ? '' : ')'};
};
requestAnimationFrame(() => setTimeout(start));`;
}

/** Tells React Router's data stream (StreamTransfer, after the page) that the scripts it feeds are on the page, as `<Scripts>` does. */
function markScriptsRendered(renderMeta: { didRenderScripts?: boolean } | undefined): void {
  if (renderMeta) renderMeta.didRenderScripts = true;
}

export function ServerScripts({ nonce }: { nonce?: string }): ReactNode {
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  const state = useContext(DataRouterStateContext);
  if (!framework || !dataRouter?.static || !dataRouter.staticContext || !state) return <Scripts nonce={nonce} />;
  const { manifest, serverHandoffString, isSpaMode, renderMeta, routeDiscovery, ssr } = framework;
  const matchIds = state.matches.map((match) => match.route.id);
  if (isSpaMode || manifest.hmr || typeof (manifest as { sri?: unknown }).sri === 'object' || matchIds.some((id) => split(manifest.routes[id]))) {
    return <Scripts nonce={nonce} />;
  }
  markScriptsRendered(renderMeta);
  const fogOfWar = routeDiscovery.mode === 'lazy' && ssr === true;
  const { router } = dataRouter;
  const parents = fogOfWar ? parentPaths(router.state.location.pathname) : [];
  const key = `${matchIds.join(',')}|${parents.join(',')}`;
  let byKey = made.get(manifest);
  if (!byKey) made.set(manifest, (byKey = new Map()));
  let scripts = byKey.get(key);
  if (!scripts) {
    const routeIds = new Set(matchIds);
    for (const path of parents) for (const match of matchRoutes(router.routes, path, router.basename || '/') ?? []) routeIds.add(match.route.id);
    scripts = { routeModulesScript: routeModulesScriptOf(manifest, matchIds, [...routeIds], fogOfWar, preloadsOf(manifest, matchIds)) };
    if (byKey.size >= MAX_KEYS) byKey.clear();
    byKey.set(key, scripts);
  }
  const contextScript = `window.__reactRouterContext = ${serverHandoffString};${STREAM_SCRIPT}`;
  return createElement(
    Fragment,
    null,
    // No <link rel="modulepreload">s: the inline module adds them after the first paint (above).
    // They are hoistable links, so the browser's own <Scripts> adds its copies at hydration, not a mismatch.
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: contextScript }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts.routeModulesScript }} type="module" async />
    </>,
  );
}

/** A `<link>` as a route's `links()` describes it (React Router's HtmlLinkDescriptor and the like). */
type Descriptor = Record<string, unknown> & { href?: string; as?: string; page?: unknown; crossOrigin?: LinkHTMLAttributes<HTMLLinkElement>['crossOrigin'] };

/** Per build (manifest) and route set: the links, deduplicated as React Router does (by their sorted JSON). */
const linksMade = new WeakMap<AssetsManifest, Map<string, Array<{ key: string; link: Descriptor }> | null>>();

/** The matched routes' links as `<Links>` gathers them, or null when one is a page link (rendered by React Router's own). */
function linksOf(manifest: AssetsManifest, routeModules: Record<string, { links?: () => unknown[] } | undefined>, matchIds: readonly string[]) {
  const descriptors = matchIds.flatMap((id) => [
    ...(manifest.routes[id]?.css ?? []).map((href): Descriptor => ({ rel: 'stylesheet', href })),
    ...((routeModules[id]?.links?.() ?? []) as Descriptor[]),
  ]);
  if (descriptors.some((link) => typeof link.page === 'string')) return null;
  const preloads = new Set(matchIds.flatMap((id) => (manifest.routes[id] ? [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])] : [])));
  const seen = new Set<string>();
  const keyed: Array<{ key: string; link: Descriptor }> = [];
  for (const link of descriptors) {
    if (link.as === 'script' && link.href && preloads.has(link.href)) continue;
    const key = JSON.stringify(Object.fromEntries(Object.keys(link).sort().map((name) => [name, link[name]])));
    if (seen.has(key)) continue;
    seen.add(key);
    keyed.push({ key, link });
  }
  return keyed;
}

export function ServerLinks({ nonce }: { nonce?: string }): ReactNode {
  const framework = useContext(FrameworkContext);
  const state = useContext(DataRouterStateContext);
  if (!framework || !state || framework.isSpaMode || state.errors || framework.criticalCss !== undefined) return <Links nonce={nonce} />;
  const { manifest, routeModules } = framework;
  const matchIds = state.matches.map((match) => match.route.id);
  const key = matchIds.join(',');
  let byKey = linksMade.get(manifest);
  if (!byKey) linksMade.set(manifest, (byKey = new Map()));
  let keyed = byKey.get(key);
  if (keyed === undefined) {
    keyed = linksOf(manifest, routeModules as Record<string, { links?: () => unknown[] } | undefined>, matchIds);
    if (byKey.size >= MAX_KEYS) byKey.clear();
    byKey.set(key, keyed);
  }
  if (keyed === null) return <Links nonce={nonce} />;
  return keyed.map(({ key: linkKey, link }) => <link key={linkKey} nonce={nonce} {...link} crossOrigin={link.crossOrigin} />);
}
