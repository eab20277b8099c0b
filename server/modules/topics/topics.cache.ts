/**
 * The public topic feeds (latest, recommended, per node, per tag) through the feed micro-cache
 * (kernel/feed-cache.ts, publishing.read.ts `publicFeedAnswer`): loaded once for everyone, a
 * signed-in reader's liked/favorited flags laid over the page (one query), an anonymous API
 * reader answered the serialized envelope itself. The followed-users feed (−2) and user feeds
 * are never cached. Freshness: topics.feature.ts drops the cache on every fact that moves a topic
 * in or within a feed.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PublicFeed } from '../publishing/publishing.api';
import { tagTopicFeed, topicFeed } from './topics.feeds';
import type { TopicView } from './topics.presenter';

/** A public topic feed: latest, recommended or one node's (`topics`), or one tag's. */
type FeedParams = { kind: 'topics'; nodeId: number; cursor?: string } | { kind: 'tag'; tagId: number; cursor?: string };

/** The feed's cache key and its loader for nobody. */
export function publicTopicFeed(db: Kysely<DB>, params: FeedParams): PublicFeed<TopicView> {
  if (params.kind === 'topics') return { type: 'topic', key: `topic|node|${params.nodeId}|${params.cursor ?? ''}`, load: (anonymous) => topicFeed(db, params, anonymous) };
  return { type: 'topic', key: `topic|tag|${params.tagId}|${params.cursor ?? ''}`, load: (anonymous) => tagTopicFeed(db, params, anonymous) };
}
