/**
 * The server-rendered site (React Router framework mode) inside the Fastify process.
 *
 * Production: `build/server/index.js` (made by `react-router build`) handles every page
 * request through `createRequestHandler(build)`; `build/client` files are served by
 * @fastify/static (hashed `/assets/*` cached for a year, immutable; brotli/gzip copies made at build
 * time sent as stored). Development (`--dev`):
 * Vite in middleware mode serves modules with HMR and compiles the server build on demand.
 *
 * Each page request gets a LoadContext (DESIGN convention 11: services bound to the one app
 * context, the current user and its presented view, the locale, a CSP nonce; the shape is
 * common/load-context.ts's) and the security headers below.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { LoadContext } from './load-context';
import { pageTag } from '../kernel/kinds';
import { ErrorCode } from '../../common/errors';
import { EMBED_FRAME_ORIGINS } from '../../common/embeds';
import { AppError } from '../infra/errors';
import { hasSession, userPageId, isShareable, markForMember, pageCacheKey, type CachedPage } from './page-cache';
import { requestAcceptsGzip } from './compression';
import { LIST_PAGES, userPageTag } from '../kernel/page-tags';
import { decodePath } from './request-context';
import { PERSONAL, vary } from './response-headers';
import { presentSessionUser } from './session-user';
import { countCachedView } from '../kernel/pages';
import { callerFrom, userAgentOf } from '../kernel/caller';
import { sendUnavailable } from './error-handler';

const ROOT = process.cwd();
// The site build's location is fixed at deploy time; SABAI_BUILD_DIR (same variable as
// react-router.config.ts) only exists so parallel test runs can keep separate builds.
export const BUILD_DIR = path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build');
export const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** Pages are only read: no route has an action (forms post to the JSON API). HEAD comes with GET. */
const PAGE_METHODS = ['GET'] as const;
/** What a page URL refuses with 405 (and `Allow`), before React Router would log it as an error. */
const REFUSED_PAGE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const PAGE_ALLOW = 'GET, HEAD';

type GetBuild = ServerBuild | (() => Promise<ServerBuild>);

/**
 * CSP for pages: scripts only from this origin or carrying this response's nonce; `<style>`
 * elements likewise (TipTap's base styles and Radix's scroll lock carry the nonce: app/lib/
 * csp-nonce.ts), so injected markup cannot bring its own CSS. Style attributes stay allowed:
 * React and Radix position things with them and stored content keeps colours and alignment
 * in them (the sanitizer's allow-list decides which). Development keeps inline styles open:
 * Vite injects every stylesheet as a <style> element without a nonce.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self' https:",
    // The embedded players (ADR 0030): exactly their frame origins, loaded only on a click.
    `frame-src ${EMBED_FRAME_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Powerful features no page of a forum uses; fullscreen stays (the editor's fullscreen mode). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), browsing-topics=()';

function setSecurityHeaders(reply: FastifyReply, nonce: string, dev: boolean): void {
  reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  // A page opened from another site (or opening one) shares no window with it.
  reply.header('cross-origin-opener-policy', 'same-origin');
}

/**
 * Whether a URL names the API however it is spelt: percent-escapes decoded, repeated slashes
 * collapsed and case folded, as a lenient proxy or router might read it (`//api//x`,
 * `/API/x`, `/%61pi/x`). Such a URL is never a page: it answers the API's 404 envelope, and
 * is not redirected (a `Location: //api/x` would name the host "api").
 */
export function isApiPath(url: string): boolean {
  const path = decodePath(url.split('?', 1)[0] ?? url)
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return path === '/api' || path === '/api/' || path.startsWith('/api/');
}

/** Fastify request → Fetch Request (the body stays a stream: actions read it themselves). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  // Abort loaders and rendering when the client goes away.
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * Where the server entry hands over a page's HTML as a Node stream (LoadContext.streamBody),
 * and the body to send for a response: that stream when the entry gave one (its Response then
 * has no body), else the Response's own (redirects, bots' plain-text errors, React Router's
 * last-resort error page).
 */
function pageBody() {
  let stream: Readable | null = null;
  return {
    put: (body: Readable): void => {
      stream?.destroy();
      stream = body;
    },
    take: (response: Response): Readable | null => {
      const handed = stream;
      stream = null;
      if (handed && !response.body) return handed;
      handed?.destroy();
      return response.body ? Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>) : null;
    },
  };
}

/** A whole body (a page about to be cached): its bytes, stored and sent as they are. */
async function readBody(body: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (body) for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

function sendFetchResponse(reply: FastifyReply, response: Response, body: Readable | Buffer | null): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    // A member's page keeps the `private, no-store` the handler set, whatever a route says.
    if (name === 'set-cookie' || (name === 'cache-control' && reply.hasHeader(name))) continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return body === null ? reply.send() : reply.send(body);
}

/** The per-request load context (the shape common/load-context.ts declares), for this reader or for nobody. */
function loadContextOf(app: FastifyInstance, request: FastifyRequest, nonce: string, reader: 'request' | 'nobody'): LoadContext & Record<string, unknown> {
  const user = reader === 'request' ? request.user : null;
  // React Router's context type is an open record; ours is that record with our fields.
  const context: LoadContext & Record<string, unknown> = {
    user,
    sessionUser: presentSessionUser(user, app.ctx.clock.now()),
    locale: request.locale,
    requestId: request.id,
    clientIp: request.ip,
    nonce,
    site: app.ctx.site,
    read: (contract, input) => app.ctx.actions.read(app.ctx, contract, callerFrom(app.ctx, { user, locale: request.locale, ip: request.ip, userAgent: userAgentOf(request) }), input),
  };
  return context;
}

/**
 * Says whether the shared page cache answered (`hit`), filled (`miss`), or answered with a copy a
 * write or its age had dropped because the database is unreachable (`stale`): for operators and tests.
 */
const CACHE_HEADER = 'x-page-cache';

/**
 * What a stored page shows, for the invalidations that must drop it: its item, or the lists; a
 * member's pages (`/user/{id}…`: profile, fans, followed) also name the member, whose counts and
 * lists a follow changes.
 */
function pageTagsOf(app: FastifyInstance, url: string): string[] {
  const item = app.ctx.kinds.byPath(url);
  if (item) return [pageTag(item.kind.type, item.id)];
  const member = userPageId(url);
  return member === null ? [LIST_PAGES] : [LIST_PAGES, userPageTag(member)];
}

/**
 * A hit counts a view as its render would have (the kind's page hook). A view that cannot be
 * counted because the database is unreachable is let go: the page is served all the same.
 */
async function countViewOfHit(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  try {
    await countCachedView(app.ctx, request.url, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
  } catch (error) {
    if (!app.ctx.dbOutage.noteFailure(error)) throw error;
  }
}

/**
 * A stored page with this response's nonce: its stored gzip as it is for a client that takes
 * gzip (every browser), inflated for one that does not (ADR 0033).
 */
function sendStored(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page: CachedPage, nonce: string, member: boolean): FastifyReply {
  vary(reply, ['Accept-Encoding']);
  reply.status(200).type(page.contentType);
  if (!requestAcceptsGzip(request)) return reply.send(app.ctx.pageCache.withNonce(page, nonce, member));
  return reply.header('content-encoding', 'gzip').send(app.ctx.pageCache.gzipped(page, nonce, member));
}

/** React Router's request handler (`createRequestHandler(build)`), or a stand-in in tests. */
export type PageHandler = (request: Request, context: LoadContext & Record<string, unknown>) => Promise<Response>;

function routerHandler(getBuild: GetBuild, dev: boolean): PageHandler {
  const handle = createRequestHandler(getBuild, dev ? 'development' : 'production');
  return (request, context) => handle(request, context);
}

/**
 * The page catch-all as a plugin around any page handler: what the built site registers, and
 * what tests register around a stand-in renderer to check the transport (methods, headers,
 * caching, the page cache) without a build.
 */
export function pagesPlugin(handle: PageHandler, options: { dev: boolean }): FastifyPluginAsync {
  return async (app) => registerPages(app, handle, options.dev);
}

/** Registers the page catch-all: every non-API request not served as a file goes to React Router. */
function registerPages(app: FastifyInstance, handle: PageHandler, dev: boolean): void {
  // Pages rendered once and shared (./page-cache.ts); never in development.
  const cache = app.ctx.pageCache;
  if (!dev) {
    let disconnect: (() => void) | undefined;
    // The bus is named after the installed forum: connect on the first page request after install.
    app.addHook('onRequest', async () => {
      if (disconnect || !app.ctx.state.installed) return;
      disconnect = cache.connect(app.ctx.bus, (error) => app.log.warn({ err: error }, 'page cache invalidation not shared'));
    });
    app.addHook('onClose', async () => disconnect?.());
  }
  // Page actions parse their own bodies (form posts): leave the stream untouched here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: [...REFUSED_PAGE_METHODS],
    url: '/*',
    handler: async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      reply.header('allow', PAGE_ALLOW);
      throw new AppError(405, ErrorCode.Other, 'errors.methodNotAllowed', { method: request.method });
    },
  });

  app.route({
    method: [...PAGE_METHODS],
    url: '/*',
    handler: async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      const nonce = randomBytes(16).toString('base64');
      setSecurityHeaders(reply, nonce, dev);
      // Whatever the page, a member's copy (even the shared HTML with the member mark) is theirs.
      if (request.user !== null || hasSession(request)) reply.header('cache-control', PERSONAL);
      const key = dev || !app.ctx.state.installed ? null : pageCacheKey(request);
      /** Runs React Router for this reader or for nobody; React's Node stream comes back through the context. */
      const render = async (reader: 'request' | 'nobody') => {
        const stream = pageBody();
        const response = await handle(toFetchRequest(request, reply), { ...loadContextOf(app, request, nonce, reader), streamBody: stream.put });
        return { response, body: () => stream.take(response) };
      };
      /**
       * The page cannot be rendered: the database is unreachable. Its last copy, stale or not, if
       * the cache kept one (stale-if-error); else the "temporarily unavailable" page.
       */
      const sendLastCopy = () => {
        const copy = key ? cache.lastCopy(key) : undefined;
        if (!copy) return sendUnavailable(app.ctx, request, reply);
        // Marked for what it is, and kept by no cache: the next request after the outage renders anew.
        reply.header('cache-control', request.user !== null || hasSession(request) ? PERSONAL : 'no-store');
        reply.header(CACHE_HEADER, copy.stale ? 'stale' : 'hit');
        return sendStored(app, request, reply, copy, nonce, request.user !== null);
      };
      /** A render that failed while the database is unreachable: the page's last copy, or the "temporarily unavailable" page. */
      const sendRendered = (rendered: { response: Response; body: () => Readable | null }) => {
        if (rendered.response.status < 500 || !app.ctx.dbOutage.down) return sendFetchResponse(reply, rendered.response, rendered.body());
        rendered.body()?.destroy();
        return sendLastCopy();
      };
      const hit = key ? cache.get(key, app.ctx.clock.now()) : undefined;
      if (hit) {
        await countViewOfHit(app, request);
        // A member reads the page everyone reads, marked so the browser fills in their own parts.
        reply.header(CACHE_HEADER, 'hit');
        return sendStored(app, request, reply, hit, nonce, request.user !== null);
      }
      // Rendering needs the database: while it is unreachable, only the cache answers.
      if (app.ctx.dbOutage.down) return sendLastCopy();
      if (!key) return sendRendered(await render('request'));

      const member = request.user !== null;
      const generation = cache.generation;
      const rendered = await render('nobody');
      if (!isShareable(rendered.response)) {
        // Not a page everyone sees the same (a pending topic, a 404): the member's own render.
        if (member) {
          rendered.body()?.destroy();
          return sendRendered(await render('request'));
        }
        return sendRendered(rendered);
      }
      const bytes = await readBody(rendered.body());
      const contentType = rendered.response.headers.get('content-type') ?? 'text/html; charset=utf-8';
      const stored = cache.set(key, { contentType, body: bytes, nonce, tags: pageTagsOf(app, request.url) }, generation, app.ctx.clock.now());
      reply.header(CACHE_HEADER, 'miss');
      // Its stored gzip (this render's nonce is this response's): no second compression. A page
      // not stored (an invalidation came while it rendered) is compressed on the way out.
      if (stored && requestAcceptsGzip(request)) {
        vary(reply, ['Accept-Encoding']);
        reply.header('content-encoding', 'gzip');
        return sendFetchResponse(reply, rendered.response, cache.gzipped(stored, nonce, member));
      }
      return sendFetchResponse(reply, rendered.response, member ? Buffer.from(markForMember(bytes.toString('utf8')), 'utf8') : bytes);
    },
  });
}

function productionSite(): FastifyPluginAsync {
  return async (app) => {
    if (!existsSync(SERVER_BUILD)) {
      const message = `The site is not built: ${path.relative(ROOT, SERVER_BUILD)} is missing. Run \`npm run build\` (or \`npm start\`, which builds when needed).`;
      app.log.error(message);
      app.route({
        method: [...PAGE_METHODS, ...REFUSED_PAGE_METHODS],
        url: '/*',
        handler: async (request, reply) => {
          if (isApiPath(request.url)) return reply.callNotFound();
          return reply
            .status(503)
            .type('text/plain; charset=utf-8')
            .send(message + '\n');
        },
      });
      return;
    }
    // React chose its build when first loaded, from the environment (not from config).
    if (process.env.NODE_ENV !== 'production') {
      app.log.warn('NODE_ENV is not "production": React renders pages with its development build (slow). `npm start` sets it.');
    }
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
    await serveClientFiles(app);
    registerPages(app, routerHandler(build, false), false);
  };
}

/**
 * The built browser files: the hashed `/assets/*` behind one wildcard route, and the few files at
 * the top (favicon) one route each, `/*` left to pages. One route per asset (≈250 files, GET and
 * HEAD each) made route registration a visible part of a cold start (bench/cold-start.ts, issue
 * 32); a miss under `/assets/` falls through to the not-found page as before. Text files carry
 * brotli and gzip copies made at build time (scripts/precompress.mjs, ADR 0034): `preCompressed`
 * sends `x.js.br` or `x.js.gz` as stored, chosen by the request's Accept-Encoding (brotli first),
 * the plain file otherwise, always with `Vary: Accept-Encoding`; the copies get no routes of their
 * own.
 */
export async function serveClientFiles(app: FastifyInstance, root = CLIENT_DIR): Promise<void> {
  const shared = { index: false, decorateReply: false, cacheControl: false, preCompressed: true } as const;
  await app.register(fastifyStatic, {
    ...shared,
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    // The stored copies are chosen by Accept-Encoding, never asked for by name.
    allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`);
    },
  });
  await app.register(fastifyStatic, {
    ...shared,
    root,
    prefix: '/',
    // One route per file found now (the build is immutable), leaving `/*` to pages.
    wildcard: false,
    globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

/** The pages of a given server build, without the browser files: tests bring a small build of their own. */
export function siteFromBuild(build: ServerBuild): FastifyPluginAsync {
  return async (app) => registerPages(app, routerHandler(build, false), false);
}

async function developmentSite(): Promise<FastifyPluginAsync> {
  // vite is a dev dependency: imported only here. Created before the app is built, because
  // starting it can outlast Fastify's plugin timeout on a busy machine. HMR listens on Vite's
  // own websocket port (24678).
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
  return async (app) => {
    // Vite's own requests (/@vite/client, /app/*.tsx, /node_modules/.vite/…) are answered
    // before Fastify routing (and its install gate) sees them; everything else falls through.
    const fastifyListeners = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
    app.server.removeAllListeners('request');
    app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      vite.middlewares(req, res, () => {
        for (const listener of fastifyListeners) listener.call(app.server, req, res);
      });
    });
    app.addHook('onClose', async () => {
      await vite.close();
    });
    registerPages(app, routerHandler(() => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>, true), true);
  };
}

/** The site plugin for `buildApp(config, {site})`. */
export async function siteHandler(options: { dev: boolean }): Promise<FastifyPluginAsync | undefined> {
  return options.dev ? await developmentSite() : productionSite();
}
