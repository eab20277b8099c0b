/**
 * A micro-cache for public feeds (topic and article feeds): anonymous readers dominate a forum,
 * and their pages are the same for everyone. Each entry holds a feed page for `FEED_CACHE_TTL_MS`
 * as loaded for nobody; the feature lays a signed-in reader's own flags over it. Concurrent
 * misses share one load. Keys name the feed (`topics|…`, `articles|…`), so one cache serves every
 * kind and each key always holds the pages of one loader.
 *
 * Freshness: the features' after-commit handlers drop the cache when an item enters, leaves or
 * moves in a feed (`dropFeedsOf`); other processes, and writes that only move counters (views,
 * likes), show within the TTL. Off in tests (NODE_ENV=test) unless a test turns it on with
 * `setFeedCacheTtl`.
 *
 * Bounded twice: at most `MAX_ENTRIES` keys, and `FEED_CACHE_MAX_BYTES` of pages counted by
 * their JSON (issue 32: every cache bounded in bytes and its size visible). Each page is
 * serialized once when it is loaded — the anonymous API's envelope is made from that same text,
 * so the count costs nothing there — and the oldest entries go first when the bytes are over.
 * The anonymous envelope is also kept gzip-compressed (made with it, counted with it): every
 * browser takes gzip, and compressing the same 30 KB for each reader of the 2 s window cost more
 * than serving the whole answer did (issue 32: 0.38 → 0.75 ms CPU per feed read).
 */
import { gzipSync } from 'node:zlib';
import type { AppContext } from '../context';
import type { Page } from './paging';

export const FEED_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;
/** A feed page is tens of KB of JSON: room for several hundred of them. */
export const FEED_CACHE_MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  at: number;
  page: Promise<Page<unknown>>;
  /** The page as JSON, made once when it is loaded: its size, and the anonymous envelope's body. */
  json: Promise<string>;
  /** The success envelope as JSON and as gzip, made once per entry for anonymous readers. */
  body?: Promise<EnvelopeBody>;
  /** Bytes of `json` once made (counted against the budget). */
  bytes: number;
}

/** The anonymous API's answer for a feed page: its JSON text, and that text gzip-compressed. */
export interface EnvelopeBody {
  json: string;
  gzip: Buffer;
}

/** Stored once and sent many times: the level of the page cache's pages, not the per-answer 4. */
const STORED_GZIP_LEVEL = 6;

/** The cache's figures, for operators. */
export interface FeedCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  maxEntries: number;
}

export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    public ttlMs: number,
    private readonly maxBytes = FEED_CACHE_MAX_BYTES,
  ) {}

  async get<T>(key: string, now: number, load: () => Promise<Page<T>>): Promise<Page<T>> {
    // A key is only ever filled by the loader of its feed, so its page has that loader's type.
    return this.entry(key, now, load).page as Promise<Page<T>>;
  }

  /** The page as the API's success envelope, serialized and compressed once per entry. */
  async body<T>(key: string, now: number, load: () => Promise<Page<T>>): Promise<EnvelopeBody> {
    const entry = this.entry(key, now, load);
    entry.body ??= entry.json.then((pageJson) => {
      // The same text as JSON.stringify({ success: true, data: page }), from the page's JSON made once.
      const json = `{"success":true,"data":${pageJson}}`;
      const gzip = gzipSync(json, { level: STORED_GZIP_LEVEL });
      this.count(key, entry, gzip.length);
      return { json, gzip };
    });
    return entry.body;
  }

  /** How many pages are held and their bytes. */
  stats(): FeedCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes, maxEntries: MAX_ENTRIES };
  }

  /** Bytes an entry still held now keeps (its JSON, its compressed envelope) join the budget. */
  private count(key: string, entry: Entry, bytes: number): void {
    if (this.entries.get(key) !== entry) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    this.evictBytes(key);
  }

  private entry(key: string, now: number, load: () => Promise<Page<unknown>>): Entry {
    if (this.ttlMs <= 0) {
      const page = load();
      const json = page.then((loaded) => JSON.stringify(loaded));
      json.catch(() => undefined); // its failure reaches the caller through `page` or `body`
      return { at: now, page, json, bytes: 0 };
    }
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    if (this.entries.size >= MAX_ENTRIES) this.evict(now);
    const page = load();
    const entry: Entry = { at: now, page, json: page.then((loaded) => JSON.stringify(loaded)), bytes: 0 };
    this.remove(key);
    this.entries.set(key, entry);
    entry.json.then(
      (json) => {
        this.count(key, entry, Buffer.byteLength(json));
      },
      // A failed load is not remembered (its callers get the error through `page`).
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return entry;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** The oldest pages first, until the bytes fit; never the one just stored (`keep`). */
  private evictBytes(keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      if (key !== keep) this.remove(key);
    }
  }

  /** Expired entries first, then the oldest, until there is room for one more. */
  private evict(now: number): void {
    for (const [k, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.remove(k);
    while (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  /** Every entry, or those whose key starts with `prefix` (one kind's feeds). */
  clear(prefix?: string): void {
    if (prefix === undefined) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.remove(key);
  }
}

/** One per app (the composition root makes it); off (ttl 0) under test unless a test turns it on. */
export function createFeedCache(test: boolean): FeedCache {
  return new FeedCache(test ? 0 : FEED_CACHE_TTL_MS);
}

/** Tests: turn the cache on (or off with 0) for one app. */
export function setFeedCacheTtl(ctx: AppContext, ttlMs: number): void {
  ctx.feedCache.ttlMs = ttlMs;
  ctx.feedCache.clear();
}

/**
 * Keeps one kind's feeds (cache keys `${type}|…`) fresh after the shared facts that concern its
 * items: a status move or a recommendation of one of them or of one of their comments, a new
 * comment on one (its count, its last activity). Answers the handler that drops them, for the
 * kind's own facts (created, edited), which its feature registers under its name.
 */
export function dropFeedsOf(ctx: AppContext, feature: string, type: string): (payload: unknown, app: AppContext) => void {
  const drop = (_payload: unknown, app: AppContext) => app.feedCache.clear(`${type}|`);
  const dropIfOurs = (root: { type: string }, app: AppContext) => {
    if (root.type === type) drop(null, app);
  };
  ctx.events.onCommit('content.flagged', feature, ({ head }, app) => dropIfOurs(head.root, app));
  ctx.events.onCommit('content.statusChanged', feature, ({ head }, app) => dropIfOurs(head.root, app));
  ctx.events.onCommit('comment.created', feature, ({ item }, app) => dropIfOurs(item.root, app));
  return drop;
}
