/**
 * The server's scripts and links (./server-scripts.tsx) write what React Router's `<Scripts>` and
 * `<Links>` write, but for the modulepreload links' nonce; rendered twice, the second from the
 * kept copy, still the same.
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

/**
 * React Router's output as the server's has it: the modulepreload links without a nonce and at low
 * priority (ADR 0034: the first paint needs none of them).
 */
function withoutPreloadNonce(html: string): string {
  return html.replace(/(<link rel="modulepreload" href="[^"]*") nonce="[^"]*"/g, '$1 fetchPriority="low"');
}

describe('ServerScripts', () => {
  for (const url of ['http://localhost/topic/12', 'http://localhost/topics', 'http://localhost/user/5/tweets']) {
    it(`writes React Router's scripts for ${new URL(url).pathname}, its preloads without a nonce and at low priority, from its copy the second time`, async () => {
      const theirs = withoutPreloadNonce(await renderAt(url, <Scripts nonce={NONCE} />));
      expect(theirs).toContain('window.__reactRouterManifest');
      expect(theirs).toContain('<link rel="modulepreload" href="/assets/router.js" fetchPriority="low"/>');
      expect(await renderAt(url, <ServerScripts nonce={NONCE} />)).toBe(theirs);
      expect(await renderAt(url, <ServerScripts nonce={NONCE} />)).toBe(theirs);
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
