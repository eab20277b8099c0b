/**
 * The shared page cache (DESIGN "Performance"; ADR 0012): a page's HTML is rendered once and
 * served to every reader until a write changes it.
 *
 * What may be stored, and only that: a GET of a page (not `.data`, not /api) on an installed
 * forum, rendered for nobody (no user: the anonymous render), answered 200 as text/html without
 * a Set-Cookie. The key holds everything such a page depends on: host (canonical links), path
 * and query, locale (cookie, then Accept-Language, already resolved) and bot or not (bots get
 * the complete render). The colour theme is not in the key because the server never renders it
 * (the bootstrap script reads localStorage).
 *
 * Who is served from it: anonymous visitors, and signed-in members on the pages whose member
 * view differs from the anonymous one only by the viewer's own parts (`memberShareable`): they
 * get the same HTML marked `data-viewer="member"` on <html>, and the browser fills in their parts
 * (header user, unread badge, liked/favorited flags, their hidden content) with one data request
 * after load (app/root.tsx). No React render per signed-in view.
 *
 * Each response gets its own CSP nonce: the cached body remembers the nonce it was rendered with
 * and every hit swaps in the new one, so no two responses share a nonce.
 *
 * Pages are kept compressed (ADR 0033): each piece between two nonces is stored once as raw
 * deflate (./gzip-segments.ts) and laid out as one gzip member, and a hit from a client that
 * takes gzip (every browser) is one copy of those bytes with the new nonce written at its
 * places (in stored blocks) and the trailer's CRC patched, not recomputed: no compression and no
 * pass over the page's text per hit. A client that takes
 * no gzip gets it inflated. The byte budget counts the stored (compressed) bytes, so about
 * six times as many pages fit as when they were kept as text.
 *
 * Freshness: entries live `ttlMs` (15 minutes) and are dropped by tag the moment a write that
 * changes them commits (http/pages.feature.ts listens to the write path's events: an item's page
 * when it, its comments or its reactions change; the lists when an item enters, leaves or moves
 * in them; everything when a member's public profile changes). With Redis, an invalidation is
 * published on the event bus and every process drops its own copies, so a page read from any
 * process right after a write shows it. A render that began before an invalidation is not
 * stored. A page dropped (by a write, or by its TTL) keeps its last copy, marked stale, for
 * one purpose only (issue 30, stale-if-error): when the database is unreachable and the page cannot
 * be rendered, that copy is served (`x-page-cache: stale`, `no-store`) rather than the
 * "temporarily unavailable" page; a fresh render replaces it. Stale copies count against the
 * same byte budget as fresh ones. Memory is bounded by bytes (least recently used first,
 * fresh or stale); pages reached with a query string hold at most an eighth of it
 * (`QUERIED_PAGES_SHARE`), so varying a query cannot push the forum's pages out. Side effects of a page load
 * that must not be skipped (a topic page counts a view) run on hits through the kind's page hook.
 * Off in tests (NODE_ENV=test) unless a test turns it on.
 */
import type { FastifyRequest } from 'fastify';
import { isBot } from '../../common/bots';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../common/constants';
import type { EventBus } from '../infra/events';
import { ALL_PAGES, type DropOptions } from '../kernel/page-tags';
import { gunzipSync } from 'node:zlib';
import { gzipFilled, headOf, segmentOf, templateOf, textOf, unpooled, type GzipTemplate, type Head } from './gzip-segments';

/**
 * Minutes, not seconds: writes drop what they change, so the TTL only bounds what no event names:
 * view counts, and the time-driven changes (a notice's window, a VIP badge's expiry) that show up
 * to this late. 15 minutes, not 5 (issue 32): a page lives until it is read again within the TTL,
 * so with 5 minutes the long tail of a forum (2,000 topics read a few times an hour each) was
 * rendered on nearly every read although the 64 MiB hold every one of them; a view count is
 * already coarse at the grain of its own 10-minute window per visitor (TOPIC_LIMITS.viewWindowMs).
 */
export const PAGE_CACHE_TTL_MS = 15 * 60_000;
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The share of the budget that pages reached with a query string may hold (`?tab=`, `?q=`, and
 * anything else a link or a crawler adds: `?r=1`, `?r=2`… are pages of their own). Without it a
 * crawler or an attacker varying a query could push every plain page out of the cache; with it
 * they only push out each other, and the forum's own pages (no query) keep seven eighths.
 */
export const QUERIED_PAGES_SHARE = 1 / 8;
const MAX_BODY_BYTES = 1024 * 1024;
const BUS_TOPIC = 'pages.invalidate';

/** The member a `/user/{id}…` page is about, or null for any other path. */
export function userPageId(url: string): number | null {
  const match = /^\/user\/([1-9][0-9]{0,15})(?:\/[a-z]+)?(?:[?#]|$)/.exec(url);
  return match ? Number(match[1]) : null;
}

/** The <html> start of a member's copy: entry.client loads the member texts, root.tsx fills in the viewer. */
const MEMBER_MARK = '<html data-viewer="member" data-member=""';

export interface PageToStore {
  contentType: string;
  /** The page as rendered: its UTF-8 bytes (a render's own), or its text. */
  body: string | Buffer;
  /** The CSP nonce the body was rendered with (replaced on every hit). */
  nonce: string;
  /** What the page shows (`topic:12`, `lists`): the invalidations that drop it. */
  tags: readonly string[];
}

export interface CachedPage {
  /** Its key, so that a copy made later (the member's head) is counted only while it is held. */
  key: string;
  at: number;
  contentType: string;
  tags: readonly string[];
  /** The body as UTF-8, cut at each occurrence of its nonce, each piece compressed on its own, laid out as one gzip member. */
  template: GzipTemplate;
  /** Dropped by a write or its TTL: kept only to serve while the database is unreachable. */
  stale?: boolean;
  /**
   * The first piece of a member's copy (the head up to the first nonce, where <html> is marked),
   * made on the first member hit; the rest are the template's own.
   */
  memberHead?: Head;
  /** What it costs the budget: its compressed bytes. */
  bytes: number;
  /** Bytes of its text (UTF-8), for the figures (`stats`). */
  textBytes: number;
}

/** A page's pieces between its nonces, compressed, laid out as one gzip member. */
function cutAtNonce(body: string | Buffer, nonce: string): GzipTemplate {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return templateOf(piecesBetween(bytes, Buffer.from(nonce, 'utf8')).map((piece) => segmentOf(piece)), Buffer.byteLength(nonce));
}

/**
 * The bytes between each occurrence of `glue`, as views of `bytes` (the rendered page's own
 * bytes: no decoding to text and encoding back per miss). The nonce is ASCII (base64), so a
 * match in the UTF-8 bytes is a match in the text.
 */
function piecesBetween(bytes: Buffer, glue: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(glue, from); at !== -1; at = bytes.indexOf(glue, from)) {
    pieces.push(bytes.subarray(from, at));
    from = at + glue.length;
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

/** The cache's figures, for operators (the back office's system status). */
export interface PageCacheStats {
  maxBytes: number;
  ttlMs: number;
  /** What a hit can be served from. */
  fresh: { entries: number; bytes: number; textBytes: number };
  /** Kept for a database outage only. */
  stale: { entries: number; bytes: number; textBytes: number };
}

export class PageCache {
  /** In least-recently-used order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, CachedPage>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytes = 0;
  /** The keys of pages reached with a query string, least recently used first, and their bytes. */
  private readonly queried = new Set<string>();
  private queriedBytes = 0;
  private readonly queriedMaxBytes: number;
  private share: ((tags: readonly string[], forget: boolean) => Promise<void>) | null = null;
  /** Moves on every invalidation: a render that began before a write must not store what it read. */
  generation = 0;

  constructor(
    public ttlMs: number,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {
    this.queriedMaxBytes = Math.floor(maxBytes * QUERIED_PAGES_SHARE);
  }

  /** The fresh copy of a page, or undefined (none, or only a stale one). */
  get(key: string, now: number): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.stale) return undefined;
    if (now - hit.at >= this.ttlMs) {
      this.markStale(hit);
      return undefined;
    }
    this.touch(key, hit);
    return hit;
  }

  /**
   * The last copy of a page, fresh or stale, for when it cannot be rendered because the
   * database is unreachable (stale-if-error); undefined when there is none.
   */
  lastCopy(key: string): CachedPage | undefined {
    const copy = this.entries.get(key);
    if (copy) this.touch(key, copy);
    return copy;
  }

  /**
   * Stores a page rendered since `generation` (read before rendering), unless an invalidation
   * came between; the stored copy, or undefined when it was not stored.
   */
  set(key: string, page: PageToStore, generation: number, now: number): CachedPage | undefined {
    if (this.ttlMs <= 0 || generation !== this.generation || page.body.length > MAX_BODY_BYTES) return undefined;
    this.remove(key);
    const template = cutAtNonce(page.body, page.nonce);
    const textBytes = template.headLength + template.restLength;
    const entry: CachedPage = { key, at: now, contentType: page.contentType, tags: page.tags, template, bytes: template.bytes.length, textBytes };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    if (hasQuery(key)) {
      this.queried.add(key);
      this.queriedBytes += entry.bytes;
    }
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.evict();
    return entry;
  }

  /** A stored page as gzip with this response's nonce; a member's copy carries the member mark on <html>. */
  gzipped(page: CachedPage, nonce: string, member = false): Buffer {
    return gzipFilled(page.template, Buffer.from(nonce, 'utf8'), member ? this.memberHeadOf(page) : undefined);
  }

  /** The same as text, for a client that takes no gzip (rare: every browser does). */
  withNonce(page: CachedPage, nonce: string, member = false): Buffer {
    return gunzipSync(this.gzipped(page, nonce, member));
  }

  /** What the cache holds, fresh and stale, in entries and bytes (stored and as text). */
  stats(): PageCacheStats {
    const fresh = { entries: 0, bytes: 0, textBytes: 0 };
    const stale = { entries: 0, bytes: 0, textBytes: 0 };
    for (const entry of this.entries.values()) {
      const into = entry.stale ? stale : fresh;
      into.entries += 1;
      into.bytes += entry.bytes;
      into.textBytes += entry.textBytes;
    }
    return { maxBytes: this.maxBytes, ttlMs: this.ttlMs, fresh, stale };
  }

  /** The member's head: re-marked once, counted against the budget while the page is held. */
  private memberHeadOf(page: CachedPage): Head {
    if (!page.memberHead) {
      const head = segmentOf(Buffer.from(markForMember(textOf(headOf(page.template)).toString('utf8')), 'utf8'));
      page.memberHead = { ...head, deflated: unpooled(head.deflated) };
      if (this.entries.get(page.key) === page) {
        page.bytes += page.memberHead.deflated.length;
        this.bytes += page.memberHead.deflated.length;
        if (this.queried.has(page.key)) this.queriedBytes += page.memberHead.deflated.length;
        this.evict();
      }
    }
    return page.memberHead;
  }

  /**
   * Drops the pages carrying any of these tags (`ALL_PAGES`: every page) here and, when shared,
   * in every other process; resolves once the other processes have been told.
   */
  async invalidate(tags: readonly string[], options: DropOptions = {}): Promise<void> {
    const forget = options.forget === true;
    this.dropLocal(tags, !forget);
    await this.share?.(tags, forget);
  }

  /** Shares invalidations with the other processes on this bus (Redis in a multi-process deployment). */
  connect(bus: EventBus, onError: (error: unknown) => void): () => void {
    const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    this.share = (tags, forget) => bus.publish(BUS_TOPIC, { origin, tags, forget }).catch(onError);
    const unsubscribe = bus.subscribe(BUS_TOPIC, (payload) => {
      const message = payload as { origin?: unknown; tags?: unknown; forget?: unknown };
      if (message.origin === origin || !Array.isArray(message.tags)) return;
      this.dropLocal(
        message.tags.filter((tag): tag is string => typeof tag === 'string'),
        message.forget !== true,
      );
    });
    return () => {
      this.share = null;
      unsubscribe();
    };
  }

  /** Forgets every copy, stale ones too (this process only). */
  clear(): void {
    this.dropLocal([ALL_PAGES], false);
  }

  /** Copies held, fresh and stale. */
  get size(): number {
    return this.entries.size;
  }

  /** Fresh copies held (what a hit can be served from). */
  get freshSize(): number {
    let fresh = 0;
    for (const entry of this.entries.values()) if (!entry.stale) fresh += 1;
    return fresh;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** Marks stale the pages with these tags (`ALL_PAGES`: all), or forgets them. */
  private dropLocal(tags: readonly string[], keepStale: boolean): void {
    this.generation += 1;
    if (tags.includes(ALL_PAGES)) {
      if (keepStale) {
        for (const entry of this.entries.values()) entry.stale = true;
        return;
      }
      this.entries.clear();
      this.keysByTag.clear();
      this.queried.clear();
      this.bytes = 0;
      this.queriedBytes = 0;
      return;
    }
    for (const tag of tags) {
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) {
        if (keepStale) this.markStale(this.entries.get(key));
        else this.remove(key);
      }
    }
  }

  /** Keeps the copy for an outage only: no hit serves it. Its tags stay, for a drop that must forget it. */
  private markStale(entry: CachedPage | undefined): void {
    if (entry) entry.stale = true;
  }

  private touch(key: string, entry: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.queried.delete(key)) this.queried.add(key);
  }

  private untag(key: string, entry: CachedPage): void {
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (this.queried.delete(key)) this.queriedBytes -= entry.bytes;
    this.untag(key, entry);
  }

  /** Queried pages past their share go first (least recently used of them), then any page past the budget. */
  private evict(): void {
    while (this.queriedBytes > this.queriedMaxBytes) {
      const oldest = this.queried.values().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }
}

/** Whether a key's URL (its last part) has a query string: hosts and locales hold no `?`. */
function hasQuery(key: string): boolean {
  return key.includes('?');
}

/** The member's copy of a page's HTML (the <html> tag comes before any nonce). */
export function markForMember(html: string): string {
  return html.replace('<html', MEMBER_MARK);
}

/** Whether the request carries a session (a resolved member, or a token by header or cookie, valid or not). */
export function hasSession(request: FastifyRequest): boolean {
  if (request.user) return true;
  if (request.headers[TOKEN_HEADER] !== undefined) return true;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && cookie.split(';').some((part) => part.trim().startsWith(`${TOKEN_COOKIE}=`));
}

/**
 * Pages whose member view is the anonymous page plus the viewer's own parts: the feeds (topics,
 * articles), an item's page (a topic, an article) and public profiles (their topics and articles
 * tabs). Not the followed feed (its list is the viewer's), nor any member-only page (the editors,
 * the user center), which render for their reader.
 */
export function memberShareable(url: string): boolean {
  const [path = url, query = ''] = url.split('?', 2);
  if (/(^|&)tab=following(&|$)/.test(query)) return false;
  return /^\/(topics(\/(node|tag)\/\d+)?|topic\/\d+|articles(\/tag\/\d+)?|article\/\d+|user\/\d+(\/(articles|tweets|comments|fans|followed))?)?$/.test(path);
}

/**
 * The cache key of a page request that may be served from the shared cache, or null. A member
 * (signed in: `request.user`) shares it only on `memberShareable` pages; a session that did not
 * resolve to a member (an expired token) never does, because its render may clear the cookie;
 * one that could not be checked (the database is unreachable) reads the shared copy, unrendered.
 */
export function pageCacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  const url = request.url;
  const path = url.split('?')[0] ?? url;
  if (path.endsWith('.data') || path === '/api' || path.startsWith('/api/')) return null;
  if (request.user ? !memberShareable(url) : hasSession(request) && !request.sessionUnchecked) return null;
  const ua = request.headers['user-agent'];
  const bot = typeof ua === 'string' && isBot(ua);
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
