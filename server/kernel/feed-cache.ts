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
 * Memory: bounded in bytes (`FEED_CACHE_MAX_BYTES`, least recently read out, `infra/byte-lru.ts`);
 * expired entries are not swept but are the first to go, since nothing reads them.
 */
import type { AppContext } from '../context';
import type { Page } from './paging';
import { ByteLru, type CacheFigures, type MeasuredCache } from '../infra/byte-lru';

export const FEED_CACHE_TTL_MS = 2_000;
/**
 * The budget: a feed page of 20 items is 20–60 KB of JSON, so 8 MiB holds a few hundred pages —
 * every feed's first pages in every locale, which is what is read within 2 s.
 */
export const FEED_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** A page still loading is charged this much until it is measured. */
const LOADING_BYTES = 1024;
/**
 * What a loaded page costs: its JSON (kept as the anonymous readers' envelope) and the objects
 * it was made from, which heap snapshots put at about three times their JSON.
 */
const OBJECTS_PER_JSON_BYTE = 3;

interface Entry {
  at: number;
  page: Promise<Page<unknown>>;
  /** The success envelope as JSON, made once per entry for anonymous readers. */
  body?: Promise<string>;
  /** The envelope's length once the page is loaded (what the entry is charged by). */
  jsonBytes?: number;
}

export class FeedCache implements MeasuredCache {
  private readonly entries: ByteLru<Entry>;

  constructor(
    public ttlMs: number,
    maxBytes = FEED_CACHE_MAX_BYTES,
  ) {
    this.entries = new ByteLru<Entry>('feeds', maxBytes, (entry) => (entry.jsonBytes === undefined ? LOADING_BYTES : entry.jsonBytes * (1 + OBJECTS_PER_JSON_BYTE)));
  }

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

  figures(): CacheFigures {
    return this.entries.figures();
  }

  private entry(key: string, now: number, load: () => Promise<Page<unknown>>): Entry {
    if (this.ttlMs <= 0) return { at: now, page: load() };
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    const page = load();
    const entry: Entry = { at: now, page };
    this.entries.set(key, entry);
    page.then(
      (loaded) => {
        // Measured once, by the envelope anonymous readers are sent (made here, kept for them).
        if (this.entries.peek(key) !== entry) return;
        const json = JSON.stringify({ success: true, data: loaded });
        entry.body ??= Promise.resolve(json);
        entry.jsonBytes = json.length;
        this.entries.remeasure(key);
      },
      () => {
        // A failed load is not remembered.
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  /** Every entry, or those whose key starts with `prefix` (one kind's feeds). */
  clear(prefix?: string): void {
    if (prefix === undefined) return this.entries.clear();
    this.entries.clear((key) => key.startsWith(prefix));
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
