/**
 * What the index reads of each searchable kind: a post's title, body text, node, author and time,
 * one at a time (the write handlers) or a batch by id (the rebuild). Rows come from the kinds'
 * own repositories; only published posts are indexed, so pending, deleted and otherwise hidden
 * posts can never come out of a search.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { articlesForIndex, highestArticleId } from '../articles/articles.api';
import { htmlToText } from '../content/content.api';
import { findTopicsForIndex, lastTopicId } from '../topics/topics.api';

export type SearchKind = 'topic' | 'article';
export const SEARCH_KINDS: readonly SearchKind[] = ['topic', 'article'];

/** One post as the index sees it. */
export interface SourceItem {
  id: number;
  published: boolean;
  nodeId: number;
  userId: number;
  createTime: number;
  title: string;
  body: string;
}

/** Items of a kind with id > afterId, by id, any status (the rebuild drops the unpublished ones' documents). */
export type SourceBatch = (db: Kysely<DB>, afterId: number, limit: number) => Promise<SourceItem[]>;

const topics: SourceBatch = async (db, afterId, limit) =>
  (await findTopicsForIndex(db, afterId, limit)).map((row) => ({
    id: row.id,
    published: row.status === CONTENT_STATUS.published,
    nodeId: row.node_id,
    userId: row.user_id,
    createTime: row.create_time,
    // A tweet has no title: its words are all in its body.
    title: row.title,
    body: htmlToText(row.content_html),
  }));

const articles: SourceBatch = async (db, afterId, limit) =>
  (await articlesForIndex(db, afterId, limit)).map((row) => ({
    id: row.id,
    published: row.status === CONTENT_STATUS.published,
    nodeId: 0,
    userId: row.user_id,
    createTime: row.create_time,
    title: row.title,
    // The author's own summary may say what the body does not.
    body: `${row.summary}\n${htmlToText(row.content_html)}`,
  }));

export const SOURCES: Record<SearchKind, SourceBatch> = { topic: topics, article: articles };

/** One item of a kind, or undefined when it does not exist. */
export async function sourceItem(db: Kysely<DB>, kind: SearchKind, id: number): Promise<SourceItem | undefined> {
  const [item] = await SOURCES[kind](db, id - 1, 1);
  return item?.id === id ? item : undefined;
}

export function isSearchKind(type: string): type is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(type);
}

/** The highest id of a kind (how far a rebuild has to go). */
export const LAST_ID: Record<SearchKind, (db: Kysely<DB>) => Promise<number>> = { topic: lastTopicId, article: highestArticleId };
