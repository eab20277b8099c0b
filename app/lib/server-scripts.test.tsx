/**
 * The server's scripts and links (./server-scripts.tsx): `<Links>` written as React Router's; the
 * scripts start what React Router's `<Scripts>` starts (the same context, manifest, modules in the
 * same order, the same route modules), but only after the page's first frame. Rendered twice, the
 * second from the kept copy, still the same.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  createStaticHandler,
  createStaticRouter,
  Links,
  Scripts,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  type RouteObject,
  type StaticHandlerContext,
  type UNSAFE_AssetsManifest as AssetsManifest,
} from 'react-router';
import type { ReactNode } from 'react';
import { ServerLinks, ServerScripts } from './server-scripts';

const NONCE = 'bm9uY2Utb2YtdGhpcy10ZXN0';

function manifestRoute(id: string, parentId: string | undefined, path: string | undefined, imports: string[]) {
  return { id, parentId, path, hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasDefaultExport: true, hasErrorBoundary: false, module: `/assets/${id}.js`, imports, css: [] };
}

const manifest = {
  entry: { module: '/assets/entry.client.js', imports: ['/assets/react.js', '/assets/router.js'] },
  routes: {
    root: manifestRoute('root', undefined, '', ['/assets/react.js', '/assets/i18n.js']),
    frame: manifestRoute('frame', 'root', undefined, ['/assets/router.js', '/assets/header.js']),
    topic: manifestRoute('topic', 'frame', 'topic/:id', ['/assets/header.js', '/assets/comments.js']),
    topics: manifestRoute('topics', 'frame', 'topics', ['/assets/feed.js']),
    user: manifestRoute('user', 'frame', 'user/:id', ['/assets/profile.js']),
    tweets: manifestRoute('tweets', 'frame', 'user/:id/tweets', ['/assets/profile.js', '/assets/feed.js']),
    missing: manifestRoute('missing', 'frame', '*', []),
  },
  url: '/assets/manifest-1.js',
  version: '1',
} as unknown as AssetsManifest;

const routeModules = {
  root: { default: () => null, links: () => [{ rel: 'stylesheet', href: '/assets/app.css' }, { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, { rel: 'stylesheet', href: '/assets/app.css' }] },
  frame: { default: () => null },
  topic: { default: () => null },
  topics: { default: () => null },
  user: { default: () => null },
  tweets: { default: () => null },
  missing: { default: () => null },
};

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '',
    loader: () => null,
    children: [
      {
        id: 'frame',
        children: [
          { id: 'topic', path: 'topic/:id', loader: () => null },
          { id: 'topics', path: 'topics', loader: () => null },
          { id: 'user', path: 'user/:id', loader: () => null },
          { id: 'tweets', path: 'user/:id/tweets', loader: () => null },
          { id: 'missing', path: '*', loader: () => null },
        ],
      },
    ],
  },
];

/** `children` rendered as the server's document is: inside React Router's contexts for `url`. */
async function renderAt(url: string, children: ReactNode): Promise<string> {
  const context = (await createStaticHandler(routes).query(new Request(url))) as StaticHandlerContext;
  const router = createStaticRouter(routes, context);
  const framework = {
    manifest,
    routeModules,
    serverHandoffString: '{"basename":"/"}',
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    renderMeta: {},
  } as unknown as React.ContextType<typeof FrameworkContext>;
  return renderToStaticMarkup(
    <FrameworkContext.Provider value={framework}>
      <DataRouterContext.Provider value={{ router, navigator: router as never, static: true, staticContext: context, basename: '/' }}>
        <DataRouterStateContext.Provider value={router.state}>{children}</DataRouterStateContext.Provider>
      </DataRouterContext.Provider>
    </FrameworkContext.Provider>,
  );
}

/** What a `<Scripts>` output starts: its preloaded modules, its imports in order, its inline manifest and context. */
function startsOf(html: string) {
  const manifestJson = /window\.__reactRouterManifest = (\{.*?\});\s*(?:\n|const|window)/s.exec(html)?.[1];
  return {
    context: /<script nonce="[^"]*">(window\.__reactRouterContext = .*?)<\/script>/s.exec(html)?.[1],
    manifest: manifestJson ? (JSON.parse(manifestJson) as unknown) : undefined,
  };
}

/** Runs the server's inline module with a stand-in page: what it preloads and imports, and when. */
function runInline(html: string) {
  const text = /<script nonce="[^"]*" type="module" async="">(.*?)<\/script>/s.exec(html)?.[1];
  if (!text) throw new Error('no inline module');
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const appended: string[] = [];
  const imported: string[] = [];
  const window: Record<string, unknown> = {};
  const document = { createElement: () => ({}) as Record<string, string>, head: { append: (link: Record<string, string>) => appended.push(`${link.rel} ${link.href}`) } };
  const load = (href: string) => {
    imported.push(href);
    return Promise.resolve({ href });
  };
  // The text's dynamic imports go to `load` (a test cannot fetch the page's modules).
  const run = new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', 'load', text.replaceAll('import(', 'load('));
  run(window, document, (frame: () => void) => frames.push(frame), (timer: () => void) => timers.push(timer), load);
  return { frames, timers, appended, imported, window };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ServerScripts', () => {
  for (const url of ['http://localhost/topic/12', 'http://localhost/topics', 'http://localhost/user/5/tweets']) {
    it(`starts React Router's scripts for ${new URL(url).pathname} after the first frame, from its copy the second time`, async () => {
      const theirs = await renderAt(url, <Scripts nonce={NONCE} />);
      const ours = await renderAt(url, <ServerScripts nonce={NONCE} />);
      expect(await renderAt(url, <ServerScripts nonce={NONCE} />)).toBe(ours);
      // Nothing fetched by the HTML itself: no preload links.
      expect(ours).not.toContain('<link');
      expect(startsOf(ours)).toEqual(startsOf(theirs));
      expect(startsOf(ours).manifest).toBeDefined();

      const page = runInline(ours);
      expect(page.appended).toEqual([]);
      expect(page.imported).toEqual([]);
      page.frames.forEach((frame) => frame());
      expect(page.imported).toEqual([]);
      page.timers.forEach((timer) => timer());
      await flush();
      await flush();
      // The same modules React Router preloads, in its order; then the route modules, then the entry.
      const theirPreloads = [...theirs.matchAll(/<link rel="modulepreload" href="([^"]*)"/g)].map((match) => `modulepreload ${match[1]}`);
      expect(page.appended).toEqual(theirPreloads);
      const theirRoutes = [...theirs.matchAll(/import \* as route\d+ from "([^"]*)"/g)].map((match) => match[1]);
      expect(page.imported).toEqual([...theirRoutes, '/assets/entry.client.js']);
      const ids = [...theirs.matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1]!);
      expect(Object.keys(page.window.__reactRouterRouteModules as object)).toEqual(ids);
      expect(Object.values(page.window.__reactRouterRouteModules as object)).toEqual(theirRoutes.map((href) => ({ href })));
    });
  }
});

describe('ServerLinks', () => {
  it("writes React Router's links, nonce included, deduplicated", async () => {
    const theirs = await renderAt('http://localhost/topic/12', <Links nonce={NONCE} />);
    expect(theirs.match(/app\.css/g)).toHaveLength(1);
    expect(await renderAt('http://localhost/topic/12', <ServerLinks nonce={NONCE} />)).toBe(theirs);
    expect(await renderAt('http://localhost/topic/12', <ServerLinks nonce={NONCE} />)).toBe(theirs);
  });
});
