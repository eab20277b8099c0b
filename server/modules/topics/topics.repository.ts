/** All SQL touching `topics`. */
import { sql, type Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_TYPES } from '../../../common/constants';
import type { DB, NewTopic, TopicRow, TopicUpdate } from '../../db/schema';
import { findRowsByIds, insertReturningId, lockedRead } from '../../db/helpers';
import { prepared } from '../../db/prepared';

/** A topic as feeds load it: everything but the (large) bodies, plus whether hidden content exists. */
export type TopicListRow = Omit<TopicRow, 'content' | 'content_html' | 'hide_content' | 'hide_content_html'> & { has_hidden: number };

const LIST_COLUMNS = [
  'topics.id',
  'topics.type',
  'topics.node_id',
  'topics.user_id',
  'topics.title',
  'topics.content_type',
  'topics.summary',
  'topics.comments_locked',
  'topics.slow_mode_seconds',
  'topics.image_list',
  'topics.status',
  'topics.sticky',
  'topics.sticky_time',
  'topics.recommend',
  'topics.recommend_time',
  'topics.view_count',
  'topics.comment_count',
  'topics.like_count',
  'topics.favorite_count',
  'topics.last_comment_time',
  'topics.last_comment_user_id',
  'topics.ip',
  'topics.ip_country',
  'topics.ip_region',
  'topics.user_agent',
  'topics.create_time',
  'topics.update_time',
] as const;

const hasHidden = sql<number>`case when topics.hide_content = '' then 0 else 1 end`.as('has_hidden');

/** The column a feed sorts by (descending, ties broken by id descending). */
export type FeedOrder = 'last_comment_time' | 'recommend_time' | 'create_time' | 'sticky_time';

export interface FeedFilter {
  /** Statuses shown; usually [0]. */
  statuses: readonly number[];
  nodeId?: number;
  userId?: number;
  userIds?: readonly number[];
  /** 0 posts, 1 tweets; absent both. */
  type?: number;
  recommend?: 0 | 1;
  sticky?: 0 | 1;
}

/** One keyset page of a feed, newest first. `after` is the last item's [sortValue, id]; `limit` null: all. */
export async function findTopicsPage(
  db: Kysely<DB>,
  filter: FeedFilter,
  order: FeedOrder,
  after: readonly [number, number] | null,
  limit: number | null,
): Promise<TopicListRow[]> {
  let query = db.selectFrom('topics').select(LIST_COLUMNS).select(hasHidden);
  query = filter.statuses.length === 1 ? query.where('topics.status', '=', filter.statuses[0]!) : query.where('topics.status', 'in', [...filter.statuses]);
  if (filter.nodeId !== undefined) query = query.where('topics.node_id', '=', filter.nodeId);
  if (filter.userId !== undefined) query = query.where('topics.user_id', '=', filter.userId);
  if (filter.userIds !== undefined) query = query.where('topics.user_id', 'in', [...filter.userIds]);
  if (filter.type !== undefined) query = query.where('topics.type', '=', filter.type);
  if (filter.recommend !== undefined) query = query.where('topics.recommend', '=', filter.recommend);
  if (filter.sticky !== undefined) query = query.where('topics.sticky', '=', filter.sticky);
  const column = `topics.${order}` as const;
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb.and([eb(column, '<=', value), eb.or([eb(column, '<', value), eb('topics.id', '<', id)])]));
  }
  query = query.orderBy(column, 'desc').orderBy('topics.id', 'desc');
  return (limit === null ? query : query.limit(limit)).execute();
}

/** Published sticky topics (topics_sticky_idx). */
/** A member's published posts and tweets, counted apart (their profile's tabs): one range of topics_user_type_idx. */
export async function countUserTopicsByType(db: Kysely<DB>, userId: number): Promise<{ posts: number; tweets: number }> {
  const rows = await db
    .selectFrom('topics')
    .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('status', '=', CONTENT_STATUS.published)
    .groupBy('type')
    .execute();
  const counts = new Map(rows.map((row) => [Number(row.type), Number(row.n)]));
  return { posts: counts.get(TOPIC_TYPES.post) ?? 0, tweets: counts.get(TOPIC_TYPES.tweet) ?? 0 };
}

export async function countStickyTopics(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 0)
    .where('sticky', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One keyset page of a tag's published topics, newest first; `afterId` is the last topic id. */
export async function findTagTopicsPage(db: Kysely<DB>, tagId: number, afterId: number | null, limit: number): Promise<TopicListRow[]> {
  let query = db
    .selectFrom('topic_tags')
    .innerJoin('topics', 'topics.id', 'topic_tags.topic_id')
    .select(LIST_COLUMNS)
    .select(hasHidden)
    .where('topic_tags.tag_id', '=', tagId)
    .where('topics.status', '=', 0);
  if (afterId !== null) query = query.where('topic_tags.topic_id', '<', afterId);
  return query.orderBy('topic_tags.topic_id', 'desc').limit(limit).execute();
}

/** The topic row; `lock`: held until the transaction ends (see `lockedRead`), for edits and status moves. */
export async function findTopicById(db: Kysely<DB>, id: number, options: { lock?: boolean } = {}): Promise<TopicRow | undefined> {
  const query = db.selectFrom('topics').selectAll().where('id', '=', id);
  return options.lock ? lockedRead(db, query) : query.executeTakeFirst();
}

export async function insertTopic(db: Kysely<DB>, values: NewTopic): Promise<number> {
  return insertReturningId(db, 'topics', values);
}

export async function updateTopic(db: Kysely<DB>, id: number, values: TopicUpdate): Promise<void> {
  await db.updateTable('topics').set(values).where('id', '=', id).execute();
}

/** Latest published topics by creation (RSS), optionally of one node. */
export async function findRecentTopics(
  db: Kysely<DB>,
  options: RecentTopicsFilter & { limit: number },
): Promise<Array<Pick<TopicRow, 'id' | 'type' | 'title' | 'summary' | 'user_id' | 'node_id' | 'create_time'>>> {
  const columns = ['topics.id', 'topics.type', 'topics.title', 'topics.summary', 'topics.user_id', 'topics.node_id', 'topics.create_time'] as const;
  if (options.tagId !== undefined) {
    // A tag's topics: newest first along topic_tags' (tag_id, topic_id) key, as the tag page reads them.
    return db
      .selectFrom('topic_tags')
      .innerJoin('topics', 'topics.id', 'topic_tags.topic_id')
      .select(columns)
      .where('topic_tags.tag_id', '=', options.tagId)
      .where('topics.status', '=', CONTENT_STATUS.published)
      .orderBy('topic_tags.topic_id', 'desc')
      .limit(options.limit)
      .execute();
  }
  let query = db.selectFrom('topics').select(columns).where('topics.status', '=', CONTENT_STATUS.published);
  if (options.nodeId !== undefined) query = query.where('topics.node_id', '=', options.nodeId);
  if (options.userId !== undefined) query = query.where('topics.user_id', '=', options.userId);
  return query.orderBy('topics.id', 'desc').limit(options.limit).execute();
}

/** Whose latest topics a feed lists: all, one node's, one tag's or one member's. */
export interface RecentTopicsFilter {
  nodeId?: number;
  tagId?: number;
  userId?: number;
}

/** What comments, likes and messages need of a topic (never its possibly large bodies). */
/** A topic's head, with its comment rules (a comment's write reads the row once). */
export async function findTopicHead(db: Kysely<DB>, id: number): Promise<Pick<TopicRow, 'id' | 'user_id' | 'status' | 'title' | 'summary' | 'comments_locked' | 'slow_mode_seconds'> | undefined> {
  return topicHead.first(db, { id });
}

/** Every comment on a topic loads its head: built once per engine (db/prepared.ts). */
const topicHead = prepared((db, p: { id: number }) => db.selectFrom('topics').select(['id', 'user_id', 'status', 'title', 'summary', 'comments_locked', 'slow_mode_seconds']).where('id', '=', p.id));

export async function findTopicsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<TopicRow[]> {
  return findRowsByIds(db, 'topics', ids);
}

/** The search index's rebuild (modules/search): topics after `afterId` by id, any status, with what it indexes. */
export async function findTopicsForIndex(db: Kysely<DB>, afterId: number, limit: number): Promise<Array<Pick<TopicRow, 'id' | 'status' | 'user_id' | 'node_id' | 'create_time' | 'title' | 'summary' | 'content_html'>>> {
  return db
    .selectFrom('topics')
    .select(['id', 'status', 'user_id', 'node_id', 'create_time', 'title', 'summary', 'content_html'])
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** The highest topic id (the search rebuild's progress bar), 0 with none. */
export async function lastTopicId(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('topics').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Every topic of node `from` (any status) moves to node `to` (a node being deleted hands its topics on). */
export async function moveTopicsToNode(db: Kysely<DB>, from: number, to: number, now: number): Promise<void> {
  await db.updateTable('topics').set({ node_id: to, update_time: now }).where('node_id', '=', from).execute();
}
