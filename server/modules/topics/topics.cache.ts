/**
 * A micro-cache for the public topic feeds (latest, recommended, per node, per tag): anonymous
 * readers dominate a forum, and their pages are the same for everyone. Each entry holds the
 * viewer-independent page for `FEED_CACHE_TTL_MS`; a signed-in reader gets the cached page with
 * their own liked/favorited flags laid over it (one query). Concurrent misses share one load.
 *
 * Freshness: the write path's after-commit handlers (topics.feature.ts) drop the whole cache
 * when a topic enters, leaves or moves in a feed (create, edit, status change, recommend, sticky,
 * a comment moving its last activity); other processes, and writes that only move counters
 * (views, likes), show within the TTL. The followed-users feed (−2) and user feeds are never cached.
 * Off in tests (NODE_ENV=test) unless a test turns it on with `setFeedCacheTtl`.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { Page } from '../../kernel/paging';
import type { TopicView } from './topics.presenter';
import { viewerTopicFlags } from './topics.seams';
import type { ViewerContext } from '../../kernel/caller';
import { FEED_FOLLOWED, tagTopicFeed, topicFeed } from './topics.feeds';

export const FEED_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  page: Promise<Page<TopicView>>;
  /** The success envelope as JSON, made once per entry for anonymous readers. */
  body?: Promise<string>;
}

export class FeedCache {
  private readonly entries = new Map<string, Entry>();

  constructor(public ttlMs: number) {}

  async get(key: string, now: number, load: () => Promise<Page<TopicView>>): Promise<Page<TopicView>> {
    return this.entry(key, now, load).page;
  }

  /** The page as the API's success envelope, serialized once per entry. */
  async body(key: string, now: number, load: () => Promise<Page<TopicView>>): Promise<string> {
    const entry = this.entry(key, now, load);
    entry.body ??= entry.page.then((page) => JSON.stringify({ success: true, data: page }));
    return entry.body;
  }

  private entry(key: string, now: number, load: () => Promise<Page<TopicView>>): Entry {
    if (this.ttlMs <= 0) return { at: now, page: load() };
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit;
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(k);
      while (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (oldest.done) break;
        this.entries.delete(oldest.value);
      }
    }
    const page = load();
    const entry: Entry = { at: now, page };
    this.entries.set(key, entry);
    // A failed load is not remembered.
    page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  clear(): void {
    this.entries.clear();
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

async function withViewerFlags(db: Kysely<DB>, page: Page<TopicView>, context: ViewerContext): Promise<Page<TopicView>> {
  if (!context.viewer || page.results.length === 0) return page;
  const flags = await viewerTopicFlags(
    db,
    context.viewer.id,
    page.results.map((r) => r.id),
  );
  return { ...page, results: page.results.map((r) => ({ ...r, liked: flags.liked.has(r.id), favorited: flags.favorited.has(r.id) })) };
}

type FeedParams = { kind: 'topics'; nodeId: number; cursor?: string } | { kind: 'tag'; tagId: number; cursor?: string };

function keyAndLoader(db: Kysely<DB>, params: FeedParams, context: ViewerContext): [string, () => Promise<Page<TopicView>>] {
  const anonymous: ViewerContext = { ...context, viewer: null };
  if (params.kind === 'topics') return [`topics|${params.nodeId}|${params.cursor ?? ''}|${context.locale}`, () => topicFeed(db, params, anonymous)];
  return [`tag|${params.tagId}|${params.cursor ?? ''}|${context.locale}`, () => tagTopicFeed(db, params, anonymous)];
}

/**
 * A public feed page through the cache: the page for a signed-in reader (with their flags), or,
 * for an anonymous one, the serialized success envelope ready to send. The followed-users feed
 * (−2) bypasses the cache.
 */
export async function cachedFeed(ctx: AppContext, db: Kysely<DB>, params: FeedParams, context: ViewerContext): Promise<Page<TopicView> | { body: string }> {
  if (params.kind === 'topics' && params.nodeId === FEED_FOLLOWED) return topicFeed(db, params, context);
  const [key, load] = keyAndLoader(db, params, context);
  const cache = ctx.feedCache;
  if (!context.viewer) return { body: await cache.body(key, ctx.clock.now(), load) };
  return withViewerFlags(db, await cache.get(key, ctx.clock.now(), load), context);
}

/** As `cachedFeed`, always answering the page (for the page loaders). */
export async function cachedFeedPage(ctx: AppContext, db: Kysely<DB>, params: FeedParams, context: ViewerContext): Promise<Page<TopicView>> {
  if (params.kind === 'topics' && params.nodeId === FEED_FOLLOWED) return topicFeed(db, params, context);
  const [key, load] = keyAndLoader(db, params, context);
  return withViewerFlags(db, await ctx.feedCache.get(key, ctx.clock.now(), load), context);
}
