/**
 * A small React Router server build for tests that need the page route (ssr.ts: the shared
 * page cache, the "temporarily unavailable" page) without `npm run build`: a root route whose
 * loader reads the forum's nodes through `context.read` (a database query on every render) and
 * a catch-all below it, so every path is a page; and
 * an entry that writes the loader data into a minimal HTML page instead of rendering React. Its
 * `handleError` reports to `context.site.log`, as app/entry.server.tsx does.
 */
import type { HandleDocumentRequestFunction, HandleErrorFunction, LoaderFunctionArgs, ServerBuild } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import '../../app/lib/load-context';

const renderPage: HandleDocumentRequestFunction = (_request, status, headers, routerContext, loadContext) => {
  const data = JSON.stringify(routerContext.staticHandlerContext.loaderData);
  headers.set('content-type', 'text/html; charset=utf-8');
  const nonce = loadContext.nonce;
  return new Response(`<!doctype html><html><head><script nonce="${nonce}"></script></head><body>${status} ${data}</body></html>`, { status, headers });
};

const handleError: HandleErrorFunction = (error, { context }) => {
  context.site.log.error({ err: error }, 'page request failed');
};

async function rootLoader({ context }: LoaderFunctionArgs): Promise<{ nodes: number }> {
  const nodes = await context.read(topicActions.nodes, {});
  if (!nodes.ok) throw new Error(nodes.message);
  return { nodes: nodes.data.length };
}

export function fakeSiteBuild(): ServerBuild {
  return {
    entry: { module: { default: renderPage, handleError } },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null, loader: rootLoader } },
      // Every other path: a page of the same data.
      'routes/any': { id: 'routes/any', parentId: 'root', path: '*', module: { default: () => null } },
    },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'public',
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  };
}
