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
 */
import type { AppContext } from '../context';
import type { Page } from './paging';

export const FEED_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  page: Promise<Page<unknown>>;
  /** The success envelope as JSON, made once per entry for anonymous readers. */
  body?: Promise<string>;
}

export class FeedCache {
  private readonly entries = new Map<string, Entry>();

  constructor(public ttlMs: number) {}

  async get<T>(key: string, now: number, load: () => Promise<Page<T>>): Promise<Page<T>> {
    // A key is only ever filled by the loader of its feed, so its page has that loader's type.
    return this.entry(key, now, load).page as Promise<Page<T>>;
  }

  /** The page as the API's success envelope, serialized once per entry. */
  async body<T>(key: string, now: number, load: () => Promise<Page<T>>): Promise<string> {
    const entry = this.entry(key, now, load);
    entry.body ??= entry.page.then((page) => JSON.stringify({ success: true, data: page }));
    return entry.body;
  }

  private entry(key: string, now: number, load: () => Promise<Page<unknown>>): Entry {
    if (this.ttlMs <= 0) return { at: now, page: load() };
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    if (this.entries.size >= MAX_ENTRIES) this.evict(now);
    const page = load();
    const entry: Entry = { at: now, page };
    this.entries.set(key, entry);
    // A failed load is not remembered.
    page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  /** Expired entries first, then the oldest, until there is room for one more. */
  private evict(now: number): void {
    for (const [k, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(k);
    while (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Every entry, or those whose key starts with `prefix` (one kind's feeds). */
  clear(prefix?: string): void {
    if (prefix === undefined) return this.entries.clear();
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
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
