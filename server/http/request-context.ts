/**
 * Per-request hooks that run before every route, in order:
 *   1. locale  — `locale` cookie → Accept-Language → site default (spec §4)
 *   2. gate    — 428 for the API before install, 403 for install/* after, page redirects
 *   3. auth    — X-User-Token header or `sabai_token` cookie → request.user (and, at most once
 *                an hour, the member's last visit and language)
 *   4. origin  — a cookie-only state-changing request must come from this site (no CSRF)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, TOKEN_COOKIE, TOKEN_HEADER } from '../../common/constants';
import { resolveLocale, translator } from '../../common/i18n';
import { noteSessionUse, sessionForToken } from '../modules/auth/auth.api';
import { noteSeen, seenIsStale } from '../modules/users/users.api';
import { errors } from '../infra/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API paths reachable before the forum is installed (`path` decoded, no trailing slash). */
function isPreInstallApi(path: string): boolean {
  return path === '/api/config/configs' || path.startsWith('/api/install/');
}

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

/**
 * The path as the router sees it: percent-decoded (find-my-way and React Router both decode
 * before matching, so `/api/%69nstall/status` *is* `/api/install/status`). `decodeURI` keeps
 * reserved characters such as `%2F` encoded, as the router does. Malformed escapes never get
 * here: the router refuses them first (frameworkErrors).
 */
export function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A page path as React Router matches it: case-insensitive, trailing slashes ignored. */
export function normalizePagePath(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The API path a request reaches: the matched route's pattern when there is one (authoritative:
 * it is what runs), else the decoded path without trailing slashes. `/*` is the page catch-all.
 */
function apiPathOf(request: FastifyRequest, decoded: string): string {
  const route = request.routeOptions.url;
  return route && route !== '/*' ? route : decoded.replace(/\/+$/, '');
}

/** `/install` and its data request `/install.data`, however React Router would spell them. */
function isInstallPage(pagePath: string): boolean {
  return pagePath === '/install' || pagePath === '/install.data';
}

/** React Router's data requests (`/page.data`) run loaders: they are pages, not files. */
function isDataRequest(pagePath: string): boolean {
  return pagePath.endsWith('.data');
}

/** Paths that are files, not pages: never redirected by the install gate. */
function isAssetPath(path: string): boolean {
  return path.startsWith('/assets/') || path.startsWith('/uploads/') || path === '/favicon.ico' || path === '/robots.txt' || /\.[a-z0-9]{2,5}$/i.test(path);
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Writes exempt from the same-origin check: the one-click unsubscribe (RFC 8058), which a mail
 * provider POSTs from anywhere. Safe because it acts on nothing the cookie names: the signed
 * token in its address is the whole authority (it names one member's one e-mail preference, and
 * only its holder, the mail's reader, has it), the route never reads `request.user`, and all it
 * can do is turn a mail off. A forged request needs the token, which is the permission itself.
 */
const CROSS_ORIGIN_WRITES = new Set(['/api/notifications/unsubscribe']);

/**
 * True when the request demonstrably comes from a page of this site. Browsers send Origin on
 * every cross-origin POST and Sec-Fetch-Site on all modern requests; a request with neither
 * is not a browser acting on a user's behalf, so it cannot be a CSRF.
 */
export function isSameOrigin(request: Pick<FastifyRequest, 'headers'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function installRequestContext(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionUnchecked', false);
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('t', translator('en-US'));

  app.addHook('onRequest', async (request, reply) => {
    const { ctx } = app;
    const settings = await ctx.settings.get(ctx.state.installed ? ctx.state.db : null);
    request.locale = resolveLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language'], settings.language);
    request.t = translator(request.locale);

    const path = decodePath(pathOf(request));
    const pagePath = normalizePagePath(path);
    const isApi = path === '/api' || path.startsWith('/api/');
    const isData = !isApi && isDataRequest(pagePath);
    if (!ctx.state.installed) {
      if (isApi) {
        if (!isPreInstallApi(apiPathOf(request, path))) throw errors.notInstalled();
        return;
      }
      if (isInstallPage(pagePath) || (isAssetPath(path) && !isData)) return;
      // Any other page would run loaders and actions with no database: documents are sent to
      // the installer; data requests and form posts, which cannot follow a redirect to an
      // HTML page, get the API's 428 answer.
      if (isData || !READ_METHODS.has(request.method)) throw errors.notInstalled();
      return reply.redirect('/install', 302);
    }
    if (isApi && apiPathOf(request, path).startsWith('/api/install/')) throw errors.alreadyInstalled();
    // `/install.data` reaches the route's loader, which redirects in React Router's own encoding.
    if (pagePath === '/install' && READ_METHODS.has(request.method)) return reply.redirect('/', 302);

    // Files need no user: skip the token lookup (a database query) for every image and asset.
    if (isAssetPath(path) && !isData) return;

    const header = request.headers[TOKEN_HEADER];
    const headerToken = typeof header === 'string' && header ? header : null;
    const cookieToken = request.cookies[TOKEN_COOKIE] || null;
    const token = headerToken ?? cookieToken;
    if (token && ctx.state.db) {
      const db = ctx.state.db;
      const now = ctx.clock.now();
      const session = await sessionForToken(db, token, now).catch((error: unknown) => {
        // The database is unreachable: a page the shared cache holds is still served, as to nobody.
        if (isApi || isData || !READ_METHODS.has(request.method) || !ctx.dbOutage.noteFailure(error)) throw error;
        request.sessionUnchecked = true;
        return null;
      });
      const user = session?.user ?? null;
      if (session && user) {
        request.user = user;
        request.token = token;
        request.authVia = headerToken ? 'header' : 'cookie';
        // The member's last visit and language (the digest's "away", their mails' language): written
        // at most once an hour, decided on the row just read, so most requests write nothing.
        if (seenIsStale(user, now)) await noteSeen(db, user.id, request.locale, now).catch((error: unknown) => request.log.warn({ err: error }, 'could not note the last visit'));
        // The session's own last use (the sessions list): at most every few minutes, one update by its id.
        await noteSessionUse(db, session, now, request.ip).catch((error: unknown) => request.log.warn({ err: error }, 'could not note the session’s use'));
      }
    }
    if (request.authVia === 'cookie' && UNSAFE_METHODS.has(request.method) && !isSameOrigin(request) && !CROSS_ORIGIN_WRITES.has(apiPathOf(request, path))) {
      throw errors.forbidden('errors.crossOrigin');
    }
  });
}
