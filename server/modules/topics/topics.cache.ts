/**
 * The public topic feeds (latest, recommended, per node, per tag) through the feed micro-cache
 * (kernel/feed-cache.ts, publishing.read.ts): loaded once for everyone, a signed-in reader's
 * liked/favorited flags laid over the page (one query). The followed-users feed (−2) and user
 * feeds are never cached. Freshness: topics.feature.ts drops the cache on every fact that moves a
 * topic in or within a feed.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { cachedFeedAnswer, cachedFeedPage, type PublicFeed } from '../publishing/publishing.api';
import { tagTopicFeed, topicFeed } from './topics.feeds';
import type { TopicView } from './topics.presenter';

type FeedParams = { kind: 'topics'; nodeId: number; cursor?: string } | { kind: 'tag'; tagId: number; cursor?: string };

function publicFeed(db: Kysely<DB>, params: FeedParams): PublicFeed<TopicView> {
  if (params.kind === 'topics') return { type: 'topic', key: `topic|node|${params.nodeId}|${params.cursor ?? ''}`, load: (anonymous) => topicFeed(db, params, anonymous) };
  return { type: 'topic', key: `topic|tag|${params.tagId}|${params.cursor ?? ''}`, load: (anonymous) => tagTopicFeed(db, params, anonymous) };
}

/**
 * A public feed page through the cache: the page for a signed-in reader (with their flags), or,
 * for an anonymous one, the serialized success envelope ready to send. The followed members'
 * feed (−2) is not a public feed: the route answers it from the follows feature, uncached.
 */
export async function cachedFeed(ctx: AppContext, db: Kysely<DB>, params: FeedParams, context: ViewerContext): Promise<Page<TopicView> | { body: string }> {
  return cachedFeedAnswer(ctx, db, publicFeed(db, params), context);
}

/** As `cachedFeed`, always answering the page (for the page loaders). */
export async function cachedTopicFeedPage(ctx: AppContext, db: Kysely<DB>, params: FeedParams, context: ViewerContext): Promise<Page<TopicView>> {
  return cachedFeedPage(ctx, db, publicFeed(db, params), context);
}
