/**
 * What other features read of topics' rows: the RSS feeds' newest topics, and the search index's
 * rebuild and its hits. They call these, never the topics' SQL (DESIGN convention 13).
 */
import type { Kysely } from 'kysely';
import type { DB, TopicRow } from '../../db/schema';
import * as topics from './topics.repository';

/** Latest published topics by creation (RSS), optionally of one node, tag or member. */
export function findRecentTopics(
  db: Kysely<DB>,
  options: topics.RecentTopicsFilter & { limit: number },
): Promise<Array<Pick<TopicRow, 'id' | 'type' | 'title' | 'summary' | 'user_id' | 'node_id' | 'create_time'>>> {
  return topics.findRecentTopics(db, options);
}

/** Topics by id, any status (a search page's hits: the caller keeps those the reader may see). */
export function findTopicsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<TopicRow[]> {
  return topics.findTopicsByIds(db, ids);
}

/** The search index's rebuild: topics after `afterId` by id, any status, with what it indexes. */
export function findTopicsForIndex(db: Kysely<DB>, afterId: number, limit: number): Promise<Array<Pick<TopicRow, 'id' | 'status' | 'user_id' | 'node_id' | 'create_time' | 'title' | 'summary' | 'content_html'>>> {
  return topics.findTopicsForIndex(db, afterId, limit);
}

/** The highest topic id (the search rebuild's progress bar), 0 with none. */
export function lastTopicId(db: Kysely<DB>): Promise<number> {
  return topics.lastTopicId(db);
}
