/**
 * Headers every answer gets, whoever produced it (API routes, pages, files), in one onSend hook:
 *
 * - `Cache-Control`, unless the route chose its own (files, sitemaps, the event stream):
 *   an answer for a signed-in caller, or one that sets a cookie, is personal: `private,
 *   no-store` (no browser history cache or proxy keeps the member's e-mail, unread count or
 *   member page). Anything else read anonymously may be stored but must be revalidated before
 *   reuse (`public, max-age=0, must-revalidate`, varying on the language and the cookie that
 *   pick its text): writes invalidate pages at once, so no cache may serve an old copy. Other
 *   methods' answers are never stored.
 * - `Strict-Transport-Security` when the site is served over HTTPS: the request came over TLS
 *   (directly, or as a trusted proxy's X-Forwarded-Proto says), or PUBLIC_URL is https.
 * - `X-Content-Type-Options: nosniff` (DESIGN security model).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { hasSession } from './page-cache';

export const PERSONAL = 'private, no-store';
export const PUBLIC_REVALIDATED = 'public, max-age=0, must-revalidate';
/** 180 days, this host only: a subdomain the operator serves over plain HTTP keeps working. */
export const HSTS = 'max-age=15552000';

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether the answer belongs to one person: a signed-in caller, a session cookie or token sent, or a cookie set. */
export function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.user !== null || hasSession(request) || reply.hasHeader('set-cookie');
}

/** The Cache-Control an answer gets when its route chose none. */
export function cacheControlOf(request: FastifyRequest, reply: FastifyReply): string {
  if (isPersonal(request, reply)) return PERSONAL;
  return READ_METHODS.has(request.method) ? PUBLIC_REVALIDATED : 'no-store';
}

/** Adds names to the Vary header, keeping what is there. */
export function vary(reply: FastifyReply, names: readonly string[]): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const missing = names.filter((name) => !current.some((have) => have.toLowerCase() === name.toLowerCase()));
  if (missing.length > 0) reply.header('vary', [...current, ...missing].join(', '));
}

/** Served over HTTPS: as the client reached us (trust-proxy aware), or as the site's public address says. */
export function servedOverHttps(request: FastifyRequest, config: Pick<AppConfig, 'publicUrl'>): boolean {
  return request.protocol === 'https' || (config.publicUrl ?? '').startsWith('https:');
}

export function installResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (servedOverHttps(request, app.ctx.config)) reply.header('strict-transport-security', HSTS);
    if (reply.hasHeader('cache-control')) return;
    const cacheControl = cacheControlOf(request, reply);
    reply.header('cache-control', cacheControl);
    if (cacheControl === PUBLIC_REVALIDATED) vary(reply, ['Accept-Language', 'Cookie']);
  });
}
