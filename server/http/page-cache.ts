/**
 * A short shared cache of anonymous pages (DESIGN "Performance": anonymous page views dominate a
 * forum; allow a short shared cache for anonymous HTML, invalidated on writes).
 *
 * What may be cached, and only that: a GET of a page (not `.data`, not /api) by a visitor with no
 * session at all (no user, no token cookie or header), answered 200 as text/html without a
 * Set-Cookie. The key holds everything such a page depends on: host (canonical links), path and
 * query, locale (cookie, then Accept-Language, already resolved) and bot or not (bots get the
 * complete render). The colour theme is not in the key because the server never renders it (the
 * bootstrap script reads localStorage). A signed-in reader never reads nor fills the cache.
 *
 * Each response gets its own CSP nonce: the cached body remembers the nonce it was rendered with
 * and every hit swaps in the new one, so no two responses share a nonce.
 *
 * Freshness: entries live `ttlMs` (2 s); any successful write request (POST/PUT/PATCH/DELETE that
 * answers < 400) in this process drops them all at once; other processes' writes show within the
 * TTL. Side effects of a page load that must not be skipped (a topic page counts a view) run on
 * hits through `onHit`. Off in tests (NODE_ENV=test).
 */
import type { Server } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../common/constants';
import type { AppContext } from '../context';

export const PAGE_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 1024 * 1024;

export interface CachedPage {
  at: number;
  contentType: string;
  body: string;
  /** The CSP nonce the body was rendered with (replaced on every hit). */
  nonce: string;
  /** `body` as UTF-8, cut at each occurrence of `nonce`, made once on the first hit. */
  parts?: Buffer[];
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** Moves on every clear: a render that began before a write must not store what it read. */
  generation = 0;

  constructor(public ttlMs: number) {}

  get(key: string, now: number): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Stores a page rendered since `generation` (read before rendering), unless a write came between. */
  set(key: string, page: CachedPage, generation: number): void {
    if (this.ttlMs <= 0 || page.body.length > MAX_BODY_BYTES || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, entry] of this.entries) if (page.at - entry.at >= this.ttlMs) this.entries.delete(k);
      while (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(key, page);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Drops the pages carrying any of these tags (for now: every page). */
  invalidate(_tags: readonly string[]): void {
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A cached body with this response's nonce instead of the one it was rendered with, as bytes:
 * the parts are encoded once, so a hit costs one copy, not a search and a re-encoding.
 */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  page.parts ??= page.body.split(page.nonce).map((part) => Buffer.from(part, 'utf8'));
  const glue = Buffer.from(nonce, 'utf8');
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasSession(request: FastifyRequest): boolean {
  if (request.user) return true;
  if (request.headers[TOKEN_HEADER] !== undefined) return true;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.split(';').some((part) => part.trim().startsWith(`${TOKEN_COOKIE}=`));
}

/** The cache key of a request whose page may be shared, or null when it may not. */
export function pageCacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  if (hasSession(request)) return null;
  const url = request.url;
  const path = url.split('?')[0] ?? url;
  if (path.endsWith('.data') || path === '/api' || path.startsWith('/api/')) return null;
  const ua = request.headers['user-agent'];
  const bot = typeof ua === 'string' && isbot(ua);
  return `${bot ? 'bot' : 'web'}|${request.locale}|${request.host}|${url}`;
}

/** Whether a rendered response may be stored: 200 HTML without cookies. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  return (response.headers.get('content-type') ?? '').startsWith('text/html');
}

/** One per app (the composition root makes it); off (ttl 0) under test unless a test turns it on. */
export function createPageCache(test: boolean): PageCache {
  return new PageCache(test ? 0 : PAGE_CACHE_TTL_MS);
}

export function pageCacheOf(ctx: AppContext): PageCache {
  return ctx.pageCache;
}

/** Tests: turn the cache on (or off with 0) for one app. */
export function setPageCacheTtl(ctx: AppContext, ttlMs: number): void {
  ctx.pageCache.ttlMs = ttlMs;
  ctx.pageCache.clear();
}

/**
 * Drops every cached page after each successful write request this server answers, /api and
 * page actions alike. Listens on the HTTP server itself, below Fastify's plugin encapsulation,
 * so no route has to remember to invalidate.
 */
export function invalidatePagesOnWrites(server: Server, cache: PageCache): void {
  server.on('request', (req, res) => {
    if (!req.method || !WRITE_METHODS.has(req.method)) return;
    res.once('finish', () => {
      if (res.statusCode < 400) cache.clear();
    });
  });
}
