/**
 * Topic feeds: latest (sticky first), recommended, followed members, one node, one tag, one
 * member. Keyset pages over an index each; a page is presented in a constant number of queries.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import { decodePairCursor, mapPage, mergeStatuses, pageById, pageOf, type Page } from '../../kernel/paging';
import { findActiveNode } from '../nodes/nodes.api';
import { findPublicTag } from '../tags/tags.api';
import { findUserById } from '../users/users.api';
import type { TopicView } from './topics.presenter';
import { assembleTopics } from './topics.read';
import { countUserTopicsByType, findTagTopicsPage, findTopicsPage, type FeedFilter, type FeedOrder, type TopicListRow } from './topics.repository';

export const FEED_LATEST = 0;
export const FEED_RECOMMENDED = -1;
export const FEED_FOLLOWED = -2;

const PUBLISHED = [CONTENT_STATUS.published] as const;

async function keysetPage(
  db: Kysely<DB>,
  filter: FeedFilter,
  order: FeedOrder,
  cursor: string | undefined,
  limit: number,
  sortKey: (row: TopicListRow) => number,
): Promise<Page<TopicListRow>> {
  const after = decodePairCursor(cursor);
  // An author's own feed spans two statuses: one index range each (kernel/paging.ts).
  const rows = await mergeStatuses(filter.statuses, limit + 1, (status) => findTopicsPage(db, { ...filter, statuses: [status] }, order, after, limit + 1), (row) => row[order]);
  return pageOf(rows, limit, (row) => [sortKey(row), row.id]);
}

/**
 * GET topic/topics: 0 latest by last activity (sticky topics first, on the first page only, and
 * never repeated below), −1 recommended, >0 one node. −2 (followed members, topics and articles
 * together) is the follows feature's `followingFeed`, which the route and the pages call instead.
 */
export async function topicFeed(db: Kysely<DB>, params: { nodeId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const { nodeId, cursor } = params;
  let page: Page<TopicListRow>;
  let sticky: TopicListRow[] = [];
  if (nodeId === FEED_LATEST) {
    // Every sticky topic, however many (pinning is capped at stickyMax, see setTopicFlag): one
    // past a limit here would be on no page at all, since later pages skip sticky topics.
    if (!cursor) sticky = await findTopicsPage(db, { statuses: PUBLISHED, sticky: 1 }, 'sticky_time', null, null);
    page = await keysetPage(db, { statuses: PUBLISHED, sticky: 0 }, 'last_comment_time', cursor, limit, (r) => r.last_comment_time);
  } else if (nodeId === FEED_RECOMMENDED) {
    page = await keysetPage(db, { statuses: PUBLISHED, recommend: 1 }, 'recommend_time', cursor, limit, (r) => r.recommend_time);
  } else if (nodeId > 0) {
    if (!(await findActiveNode(db, nodeId))) throw errors.notFound('topic.errors.nodeNotFound');
    page = await keysetPage(db, { statuses: PUBLISHED, nodeId }, 'last_comment_time', cursor, limit, (r) => r.last_comment_time);
  } else {
    throw errors.validation({ nodeId: 'validation.invalid' });
  }
  const results = await assembleTopics(db, [...sticky, ...page.results], context);
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

/** GET topic/tag/topics: a tag's published topics, newest first. */
export async function tagTopicFeed(db: Kysely<DB>, params: { tagId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  if (!(await findPublicTag(db, params.tagId))) throw errors.notFound('topic.errors.tagNotFound');
  const page = await pageById(params.cursor, limit, (afterId, count) => findTagTopicsPage(db, params.tagId, afterId, count));
  return mapPage(page, (results) => assembleTopics(db, results, context));
}

/**
 * GET topic/user_topics: a user's topics, newest first; the author also sees their pending ones.
 * `type` keeps posts (0) or tweets (1) alone: their profile's topics and tweets tabs.
 */
export async function userTopicFeed(db: Kysely<DB>, params: { userId: number; cursor?: string; limit?: number; type?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const user = await findUserById(db, params.userId);
  if (!user || user.status !== 0) throw errors.notFound('topic.errors.userNotFound');
  const own = context.viewer?.id === user.id;
  const statuses = own ? [CONTENT_STATUS.published, CONTENT_STATUS.pending] : PUBLISHED;
  const page = await keysetPage(db, { statuses, userId: user.id, ...(params.type !== undefined ? { type: params.type } : {}) }, 'create_time', params.cursor, limit, (r) => r.create_time);
  return mapPage(page, (results) => assembleTopics(db, results, context));
}

/** A member's published posts and tweets, counted apart (the tabs of their profile); 404 for unknown or disabled members. */
export async function userTopicCounts(db: Kysely<DB>, userId: number): Promise<{ posts: number; tweets: number }> {
  const user = await findUserById(db, userId);
  if (!user || user.status !== 0) throw errors.notFound('topic.errors.userNotFound');
  return countUserTopicsByType(db, user.id);
}
