/**
 * What other features read of the posts of every kind (topics, articles) on their tables: the
 * sitemaps' ranges, the following feed's pages and the busiest authors, the back office's tables,
 * a kind's heads. Other features call these, never publishing's SQL (DESIGN convention 13): the
 * queries stay the repository's, free to change behind these names.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import * as posts from './publishing.repository';
import type { AuthorSet, AuthoredPostKey, PostListRow, PostTable } from './publishing.repository';

export type { AuthorSet, AuthoredPostKey, PostListRow, PostTable };

/** The highest post id of a table (sitemap paging covers id ranges, so each page is one index range). */
export function maxPostId(db: Kysely<DB>, table: PostTable): Promise<number> {
  return posts.maxPostId(db, table);
}

/** Published posts with `fromId <= id <= toId`, for one sitemap page. */
export function findPostsForSitemap(db: Kysely<DB>, table: PostTable, fromId: number, toId: number): Promise<Array<{ id: number; update_time: number; last_comment_time: number }>> {
  return posts.findPostsForSitemap(db, table, fromId, toId);
}

/**
 * One keyset page of the posts of `authors` (a set the calling feature owns, as SQL) with
 * `status`, newest first by (create_time, id), strictly before `before` when given.
 */
export function findAuthoredPostsPage(db: Kysely<DB>, table: PostTable, authors: AuthorSet, status: number, before: { time: number; id: number } | null, limit: number): Promise<AuthoredPostKey[]> {
  return posts.findAuthoredPostsPage(db, table, authors, status, before, limit);
}

/** Authors with the most posts of `status` on a table since `since`, most first. */
export function findBusiestAuthors(db: Kysely<DB>, table: PostTable, status: number, since: number, limit: number): Promise<Array<{ userId: number; posts: number }>> {
  return posts.findBusiestAuthors(db, table, status, since, limit);
}

/** The head columns (`postHead`) of the posts with these ids, any status: one query. */
export function findPostHeads(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; user_id: number; status: number; title: string; summary: string }>> {
  return posts.findPostHeads(db, table, ids);
}

/** One offset page of the posts of `status` whose title or summary contains `search` ('' for all), newest first. */
export function findPostsByStatus(db: Kysely<DB>, table: PostTable, filter: { status: number; search: string }, offset: number, limit: number): Promise<PostListRow[]> {
  return posts.findPostsByStatus(db, table, filter, offset, limit);
}

/** How many posts `findPostsByStatus` pages through. */
export function countPostsByStatus(db: Kysely<DB>, table: PostTable, filter: { status: number; search: string }): Promise<number> {
  return posts.countPostsByStatus(db, table, filter);
}

/** The stored (sanitized) HTML bodies of these posts. */
export function findPostBodies(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; content_html: string }>> {
  return posts.findPostBodies(db, table, ids);
}

/** The title columns of these posts (a comment table names its items by them). */
export function findPostTitles(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; title: string; summary: string }>> {
  return posts.findPostTitles(db, table, ids);
}

export type { TopPostRow } from './publishing.repository';

/** The published posts created in [from, to), of `authors` or of everyone, most liked and commented first (the e-mail digest). */
export function findTopPostsBetween(db: Kysely<DB>, table: PostTable, range: { from: number; to: number; authors?: AuthorSet }, limit: number): Promise<posts.TopPostRow[]> {
  return posts.findTopPostsBetween(db, table, range, limit);
}

/** A member's posts of one kind as they wrote them, deleted ones left out, oldest first (their archive, issue 29). */
export function postsWrittenBy(db: Kysely<DB>, table: PostTable, userId: number) {
  return posts.findPostsWrittenBy(db, table, userId, CONTENT_STATUS.deleted);
}
