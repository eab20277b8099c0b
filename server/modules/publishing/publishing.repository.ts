/**
 * The SQL every post kind shares (topics, articles: a table with an author, a status, a view
 * count, comment activity and a recommend switch), on the kind's own table. A post kind's own
 * repository keeps what only it has (its columns, its feeds).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The tables of post kinds. */
export type PostTable = 'topics' | 'articles';

/** Moves a post from status `from` to `to`; false when it was no longer in `from` (someone else moved it). */
export async function changePostStatus(db: Kysely<DB>, table: PostTable, id: number, from: number, to: number, now: number): Promise<boolean> {
  const result = await db.updateTable(table).set({ status: to, update_time: now }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Recommends a post (with the time, for the recommended feed) or takes it back. */
export async function setPostRecommend(db: Kysely<DB>, table: PostTable, id: number, on: boolean, now: number): Promise<void> {
  await db
    .updateTable(table)
    .set({ recommend: on ? 1 : 0, recommend_time: on ? now : 0, update_time: now })
    .where('id', '=', id)
    .execute();
}

/** A new comment on a post: one more comment, and the post's last activity, in the caller's transaction. */
export async function recordPostComment(db: Kysely<DB>, table: PostTable, id: number, userId: number, now: number): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ comment_count: eb('comment_count', '+', 1), last_comment_time: now, last_comment_user_id: userId }))
    .where('id', '=', id)
    .execute();
}

/**
 * Comments taken off a post: `count` fewer (never below zero); when its last activity went with
 * them, it falls back to `last` (the newest remaining comment), or to the post's own creation by
 * nobody, so feeds never show a deleted reply as the last one.
 */
export async function forgetPostComments(db: Kysely<DB>, table: PostTable, id: number, count: number, last: { time: number; userId: number } | null | 'unchanged'): Promise<void> {
  await db
    .updateTable(table)
    .set({ comment_count: sql<number>`case when comment_count < ${count} then 0 else comment_count - ${count} end` })
    .where('id', '=', id)
    .execute();
  if (last === 'unchanged') return;
  await db
    .updateTable(table)
    .set((eb) => (last ? { last_comment_time: last.time, last_comment_user_id: last.userId } : { last_comment_time: eb.ref('create_time'), last_comment_user_id: null }))
    .where('id', '=', id)
    .execute();
}

/** The highest post id (sitemap paging covers id ranges, so each page is one index range). */
export async function maxPostId(db: Kysely<DB>, table: PostTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Published posts with `fromId <= id <= toId`, for one sitemap page. */
export async function findPostsForSitemap(db: Kysely<DB>, table: PostTable, fromId: number, toId: number): Promise<Array<{ id: number; update_time: number; last_comment_time: number }>> {
  return db
    .selectFrom(table)
    .select(['id', 'update_time', 'last_comment_time'])
    .where('id', '>=', fromId)
    .where('id', '<=', toId)
    .where('status', '=', 0)
    .orderBy('id', 'asc')
    .execute();
}
