/**
 * The SQL every post kind shares (topics, articles: a table with an author, a status, a view
 * count, comment activity and a recommend switch), on the kind's own table. A post kind's own
 * repository keeps what only it has (its columns, its feeds).
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { containsPattern, lockedRead, timeBucket } from '../../db/helpers';
import { prepared } from '../../db/prepared';

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

/** What a post allows of new comments (issue 28): locked, and slow mode's seconds. */
export interface CommentRules {
  locked: boolean;
  slowModeSeconds: number;
}

/** A post's comment rules, or undefined when it does not exist. */
export async function findCommentRules(db: Kysely<DB>, table: PostTable, id: number): Promise<CommentRules | undefined> {
  const row = await db.selectFrom(table).select(['comments_locked', 'slow_mode_seconds']).where('id', '=', id).executeTakeFirst();
  return row ? { locked: row.comments_locked === 1, slowModeSeconds: row.slow_mode_seconds } : undefined;
}

/** Writes a post's comment rules (its update time stays: nobody edited its text). */
export async function updateCommentRules(db: Kysely<DB>, table: PostTable, id: number, rules: CommentRules): Promise<void> {
  await db.updateTable(table).set({ comments_locked: rules.locked ? 1 : 0, slow_mode_seconds: rules.slowModeSeconds }).where('id', '=', id).execute();
}

/** A post's stored HTML (its body as shown), for the shared features that read links in it. */
export async function findPostHtml(db: Kysely<DB>, table: PostTable, id: number): Promise<string | undefined> {
  const row = await db.selectFrom(table).select('content_html').where('id', '=', id).executeTakeFirst();
  return row?.content_html;
}

/** Replaces a post's stored HTML only (its text, summary and update time stay: no one edited it). */
export async function replacePostHtml(db: Kysely<DB>, table: PostTable, id: number, html: string): Promise<void> {
  await db.updateTable(table).set({ content_html: html }).where('id', '=', id).execute();
}

/** A new comment on a post: one more comment, and the post's last activity, in the caller's transaction. */
export async function recordPostComment(db: Kysely<DB>, table: PostTable, id: number, userId: number, now: number): Promise<void> {
  await postCommentRecorded[table].run(db, { id, userId, now });
}

/** Every comment runs it: built once per post table (db/prepared.ts). */
const postCommentRecorded = {
  topics: recordCommentOn('topics'),
  articles: recordCommentOn('articles'),
};

function recordCommentOn(table: PostTable) {
  return prepared((db, p: { id: number; userId: number; now: number }) =>
    db
      .updateTable(table)
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1), last_comment_time: p.now, last_comment_user_id: p.userId }))
      .where('id', '=', p.id),
  );
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

/** A post of an author's feed: its id and the time the feed orders by. */
export interface AuthoredPostKey {
  id: number;
  create_time: number;
}

/**
 * A set of authors as SQL, from the feature that owns it (whom a member follows:
 * follows.repository `followedAuthors`): a query answering one `author_id` column, joined here
 * rather than read into an IN list of ids.
 */
// The subquery's FROM is the owning feature's table, not this one's: only its one column is typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any source table
export type AuthorSet = SelectQueryBuilder<DB, any, { author_id: number }>;

/**
 * One keyset page of the posts of `authors` on one post table, with `status`, newest first by
 * (create_time, id), strictly before `before` when given. One statement: the author set joined
 * to the table, each author one range of the (user_id, status, create_time, id) index
 * (topics_user_idx), the ranges merged by a top-N sort. Steady whoever the authors are (an
 * EXISTS walk down the newest posts was faster for a member following most of the forum, and
 * slower the fewer and quieter whom they follow).
 */
export async function findAuthoredPostsPage(
  db: Kysely<DB>,
  table: PostTable,
  authors: AuthorSet,
  status: number,
  before: { time: number; id: number } | null,
  limit: number,
): Promise<AuthoredPostKey[]> {
  let query = db
    .selectFrom(table)
    .innerJoin(authors.as('authors'), 'authors.author_id', 'user_id')
    .select(['id', 'create_time'])
    .where('status', '=', status);
  if (before) {
    const { time, id } = before;
    query = query.where((eb) => eb.or([eb('create_time', '<', time), eb.and([eb('create_time', '=', time), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('create_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), create_time: Number(row.create_time) }));
}

/** The head columns (publishing.presenter `postHead`) of the posts with these ids, any status: one query. */
export async function findPostHeads(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; user_id: number; status: number; title: string; summary: string }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select(['id', 'user_id', 'status', 'title', 'summary'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id), status: Number(row.status) }));
}

/** Authors with the most posts of `status` on a table since `since`, most first (topics_created_idx for topics). */
export async function findBusiestAuthors(db: Kysely<DB>, table: PostTable, status: number, since: number, limit: number): Promise<Array<{ userId: number; posts: number }>> {
  const rows = await db
    .selectFrom(table)
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('posts')])
    .where('status', '=', status)
    .where('create_time', '>=', since)
    .groupBy('user_id')
    .orderBy('posts', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: Number(row.user_id), posts: Number(row.posts) }));
}

/** A post as the back office's tables list it (no bodies). */
export interface PostListRow {
  id: number;
  user_id: number;
  title: string;
  summary: string;
  status: number;
  recommend: number;
  /** Topics' pin; 0 for other kinds. */
  sticky: number;
  create_time: number;
  update_time: number;
}

function postsOfStatus(db: Kysely<DB>, table: PostTable, status: number, search: string) {
  let query = db.selectFrom(table).where('status', '=', status);
  if (search !== '') {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([sql<boolean>`lower(title) like ${pattern} escape '!'`, sql<boolean>`lower(summary) like ${pattern} escape '!'`]));
  }
  return query;
}

/** One offset page of the posts of `status` on a table whose title or summary contains `search` ('' for all), newest first (`*_status_idx`). */
export async function findPostsByStatus(db: Kysely<DB>, table: PostTable, filter: { status: number; search: string }, offset: number, limit: number): Promise<PostListRow[]> {
  const sticky = table === 'topics' ? sql<number>`sticky` : sql<number>`0`;
  const rows = await postsOfStatus(db, table, filter.status, filter.search)
    .select(['id', 'user_id', 'title', 'summary', 'status', 'recommend', 'create_time', 'update_time', sticky.as('sticky')])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id), sticky: Number(row.sticky) }));
}

export async function countPostsByStatus(db: Kysely<DB>, table: PostTable, filter: { status: number; search: string }): Promise<number> {
  const row = await postsOfStatus(db, table, filter.status, filter.search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored (sanitized) HTML bodies of these posts. */
export async function findPostBodies(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; content_html: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select(['id', 'content_html']).where('id', 'in', [...ids]).execute();
  return rows.map((row) => ({ id: Number(row.id), content_html: row.content_html }));
}

/** The title columns of these posts (a comment table names its items by them). */
export async function findPostTitles(db: Kysely<DB>, table: PostTable, ids: readonly number[]): Promise<Array<{ id: number; title: string; summary: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select(['id', 'title', 'summary']).where('id', 'in', [...new Set(ids)]).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A post read locked for a status move: what `setPostStatus` needs (a topic's node too). */
export async function findPostForMove(db: Kysely<DB>, table: PostTable, id: number): Promise<{ id: number; status: number; user_id: number; node_id?: number } | undefined> {
  if (table === 'topics') return lockedRead(db, db.selectFrom('topics').select(['id', 'status', 'user_id', 'node_id']).where('id', '=', id));
  return lockedRead(db, db.selectFrom('articles').select(['id', 'status', 'user_id']).where('id', '=', id));
}

/** Posts of a table by status (`status → count`), for the dashboard. */
export async function countPostsPerStatus(db: Kysely<DB>, table: PostTable): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [Number(row.status), Number(row.n)]));
}

/** Posts of `statuses` created per bucket since `since` (topics_created_idx for topics). */
export async function countPostsByBucket(db: Kysely<DB>, table: PostTable, statuses: readonly number[], since: number, bucketMs: number): Promise<Array<{ bucket: number; n: number }>> {
  const bucket = timeBucket(db, 'create_time', bucketMs);
  const rows = await db
    .selectFrom(table)
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [...statuses])
    .where('create_time', '>=', since)
    .groupBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), n: Number(row.n) }));
}

/**
 * A member's posts in one status, locked until the transaction ends (id order), for moving them
 * all at once (a forever ban hiding them, an unban showing them again). SQLite locks the file.
 */
export function lockPostsOfUser(db: Kysely<DB>, table: PostTable, userId: number, status: number) {
  const query = db.selectFrom(table).selectAll().where('user_id', '=', userId).where('status', '=', status).orderBy('id');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

/** A post as the e-mail digest lists it: its head and its counts. */
export interface TopPostRow {
  id: number;
  user_id: number;
  title: string;
  summary: string;
  like_count: number;
  comment_count: number;
}

/**
 * The published posts created in [from, to), most liked and commented first (then newest), of
 * `authors` when given (a subquery of one `author_id` column, as the following feed's), of
 * everyone otherwise: the digest's "what you missed".
 */
export async function findTopPostsBetween(db: Kysely<DB>, table: PostTable, range: { from: number; to: number; authors?: AuthorSet }, limit: number): Promise<TopPostRow[]> {
  let query = db.selectFrom(table).select(['id', 'user_id', 'title', 'summary', 'like_count', 'comment_count']);
  if (range.authors) query = query.innerJoin(range.authors.as('authors'), 'authors.author_id', 'user_id');
  const rows = await query
    .where('status', '=', 0)
    .where('create_time', '>=', range.from)
    .where('create_time', '<', range.to)
    .orderBy(sql`like_count + comment_count`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), user_id: Number(row.user_id), like_count: Number(row.like_count), comment_count: Number(row.comment_count) }));
}

/** Where a member's posts came from (IP address, its place, the browser), cleared (their account erased, issue 29). */
export async function clearPostOrigins(db: Kysely<DB>, table: PostTable, userId: number): Promise<void> {
  await db.updateTable(table).set({ ip: '', ip_country: '', ip_region: '', user_agent: '' }).where('user_id', '=', userId).execute();
}

/** A member's posts of one kind but the deleted, oldest first (their archive, issue 29). */
export function findPostsWrittenBy(db: Kysely<DB>, table: PostTable, userId: number, deleted: number) {
  return db.selectFrom(table).select(['id', 'title', 'content', 'content_html', 'status', 'create_time']).where('user_id', '=', userId).where('status', '!=', deleted).orderBy('id').execute();
}

/**
 * Every post's counts of one kind from the rows (the importer's recount, issue 33): published
 * comments and the last of them (or the post's own creation by nobody), likes and favorites.
 */
export async function recountPostCounters(db: Kysely<DB>, table: PostTable, kind: string): Promise<void> {
  const published = CONTENT_STATUS.published;
  const comments = sql`from comments c where c.entity_type = ${kind} and c.entity_id = ${sql.table(table)}.id and c.status = ${published}`;
  await sql`update ${sql.table(table)} set
    comment_count = (select count(*) ${comments}),
    like_count = (select count(*) from user_likes l where l.entity_type = ${kind} and l.entity_id = ${sql.table(table)}.id),
    favorite_count = (select count(*) from user_favorites f where f.entity_type = ${kind} and f.entity_id = ${sql.table(table)}.id),
    last_comment_time = coalesce((select max(c.create_time) ${comments}), create_time),
    last_comment_user_id = (select c.user_id ${comments} order by c.create_time desc, c.id desc limit 1)`.execute(db);
}
