/**
 * The server-rendered site (React Router framework mode) inside the Fastify process.
 *
 * Production: `build/server/index.js` (made by `react-router build`) handles every page
 * request through `createRequestHandler(build)`; `build/client` files are served by
 * @fastify/static (hashed `/assets/*` cached for a year, immutable). Development (`--dev`):
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
import { invalidatePagesOnWrites, isShareable, pageCacheKey, pageCacheOf, withNonce } from './page-cache';
import { presentSessionUser } from './session-user';
import { countCachedView } from '../kernel/pages';

const ROOT = process.cwd();
// The site build's location is fixed at deploy time; SABAI_BUILD_DIR (same variable as
// react-router.config.ts) only exists so parallel test runs can keep separate builds.
export const BUILD_DIR = path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build');
export const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const PAGE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type GetBuild = ServerBuild | (() => Promise<ServerBuild>);

/** CSP for pages: scripts only from this origin or carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React and Radix set style attributes (positions, the loading bar); no inline <script>.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function setSecurityHeaders(reply: FastifyReply, nonce: string, dev: boolean): void {
  reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
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

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}

/** Registers the page catch-all: every non-API request not served as a file goes to React Router. */
function registerPages(app: FastifyInstance, getBuild: GetBuild, dev: boolean): void {
  const handle = createRequestHandler(getBuild, dev ? 'development' : 'production');
  // Anonymous pages may be shared for a moment (./page-cache.ts); never in development.
  const cache = pageCacheOf(app.ctx);
  if (!dev) invalidatePagesOnWrites(app.server, cache);
  // Page actions parse their own bodies (form posts): leave the stream untouched here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: [...PAGE_METHODS],
    url: '/*',
    handler: async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      const nonce = randomBytes(16).toString('base64');
      // The shape common/load-context.ts declares (app/ makes it React Router's AppLoadContext).
      const context = {
        user: request.user,
        sessionUser: presentSessionUser(request.user, app.ctx.clock.now()),
        locale: request.locale,
        requestId: request.id,
        clientIp: request.ip,
        nonce,
        site: app.ctx.site,
      } satisfies LoadContext;
      setSecurityHeaders(reply, nonce, dev);
      const key = dev ? null : pageCacheKey(request);
      if (key) {
        const hit = cache.get(key, app.ctx.clock.now());
        if (hit) {
          await countCachedView(app.ctx, request.url, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
          return reply.status(200).type(hit.contentType).send(withNonce(hit, nonce));
        }
      }
      const generation = cache.generation;
      const response = await handle(toFetchRequest(request, reply), context);
      if (key && isShareable(response)) {
        const body = await response.text();
        cache.set(key, { at: app.ctx.clock.now(), contentType: response.headers.get('content-type') ?? 'text/html', body, nonce }, generation);
        return sendFetchResponse(reply, new Response(body, response));
      }
      return sendFetchResponse(reply, response);
    },
  });
}

function productionSite(): FastifyPluginAsync {
  return async (app) => {
    if (!existsSync(SERVER_BUILD)) {
      const message = `The site is not built: ${path.relative(ROOT, SERVER_BUILD)} is missing. Run \`npm run build\` (or \`npm start\`, which builds when needed).`;
      app.log.error(message);
      app.route({
        method: [...PAGE_METHODS],
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
    await app.register(fastifyStatic, {
      root: CLIENT_DIR,
      prefix: '/',
      // Register one route per file found now (the build is immutable), leaving `/*` to pages.
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders(reply, file) {
        const hashed = file.startsWith(path.join(CLIENT_DIR, 'assets') + path.sep);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'public, max-age=3600');
      },
    });
    registerPages(app, build, false);
  };
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
    registerPages(app, () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>, true);
  };
}

/** The site plugin for `buildApp(config, {site})`. */
export async function siteHandler(options: { dev: boolean }): Promise<FastifyPluginAsync | undefined> {
  return options.dev ? await developmentSite() : productionSite();
}
