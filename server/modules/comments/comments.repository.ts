/** All SQL of comments (the counters on the items they attach to belong to each kind). */
import { sql, type Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { containsPattern, findRowsByIds, lockedRead } from '../../db/helpers';
import { prepared, preparedInsert } from '../../db/prepared';
import { dialectOf } from '../../db/database';
import type { CommentRow, DB, NewComment } from '../../db/schema';

const PUBLISHED = CONTENT_STATUS.published;

// A reply's own statements, built once (db/prepared.ts): every comment written runs them.
const commentInserted = preparedInsert('comments', [
  'entity_type',
  'entity_id',
  'user_id',
  'parent_id',
  'quote_id',
  'content',
  'content_type',
  'content_html',
  'image_list',
  'like_count',
  'reply_count',
  'status',
  'ip',
  'ip_country',
  'ip_region',
  'user_agent',
  'create_time',
  'update_time',
]);
const commentById = prepared((db, p: { id: number }) => db.selectFrom('comments').selectAll().where('id', '=', p.id));

export async function insertComment(db: Kysely<DB>, values: NewComment): Promise<number> {
  return commentInserted(db, values);
}

export async function findCommentById(db: Kysely<DB>, id: number): Promise<CommentRow | undefined> {
  return commentById.first(db, { id });
}

/** A comment locked until the transaction ends (SQLite locks the file), for a moderator's decision. */
export function lockCommentById(db: Kysely<DB>, id: number): Promise<CommentRow | undefined> {
  return lockedRead(db, db.selectFrom('comments').selectAll().where('id', '=', id));
}

/** Replaces a comment's stored HTML only (the mentions feature decorates its links; the text stays). */
export async function replaceCommentHtml(db: Kysely<DB>, id: number, html: string): Promise<void> {
  await db.updateTable('comments').set({ content_html: html }).where('id', '=', id).execute();
}

export async function findCommentsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<CommentRow[]> {
  return findRowsByIds(db, 'comments', ids);
}

/** One keyset page of an item's published top-level comments, by id (`asc`: oldest first). */
export async function findTopLevelPage(
  db: Kysely<DB>,
  entity: { type: string; id: number },
  afterId: number | null,
  order: 'asc' | 'desc',
  limit: number,
): Promise<CommentRow[]> {
  let query = db
    .selectFrom('comments')
    .selectAll()
    .where('entity_type', '=', entity.type)
    .where('entity_id', '=', entity.id)
    .where('parent_id', 'is', null)
    .where('status', '=', PUBLISHED);
  if (afterId !== null) query = query.where('id', order === 'asc' ? '>' : '<', afterId);
  return query.orderBy('id', order).limit(limit).execute();
}

/**
 * The first `perParent` published replies of each parent, oldest first, in ONE query whatever
 * the number of parents: a UNION ALL of one small index range per parent (portable to MySQL
 * 5.7, which has no window functions).
 */
export async function findReplyPreviews(db: Kysely<DB>, parentIds: readonly number[], perParent: number): Promise<CommentRow[]> {
  if (parentIds.length === 0 || perParent <= 0) return [];
  const part = (parentId: number, i: number) =>
    db
      .selectFrom(
        db
          .selectFrom('comments')
          .selectAll()
          .where('parent_id', '=', parentId)
          .where('status', '=', PUBLISHED)
          .orderBy('id', 'asc')
          .limit(perParent)
          .as(`r${i}`),
      )
      .selectAll();
  const [first, ...rest] = parentIds.map(part);
  let query = first!;
  for (const next of rest) query = query.unionAll(next);
  return query.execute();
}

/** One keyset page of a comment's published replies, oldest first. */
export async function findRepliesPage(db: Kysely<DB>, parentId: number, afterId: number | null, limit: number): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll().where('parent_id', '=', parentId).where('status', '=', PUBLISHED);
  if (afterId !== null) query = query.where('id', '>', afterId);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

/**
 * Moves a published comment's reply count. Answers false when the comment is not (or no longer)
 * published, so a reply never lands under a comment deleted a moment before.
 */
export async function bumpReplyCount(db: Kysely<DB>, commentId: number, delta: number, now: number): Promise<boolean> {
  const result = await sql`update comments set reply_count = case when reply_count + ${delta} < 0 then 0 else reply_count + ${delta} end, update_time = ${now} where id = ${commentId} and status = ${PUBLISHED}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** Sets a comment's status when it is `from`; answers whether it changed (so a double delete counts once). */
export async function changeCommentStatus(db: Kysely<DB>, id: number, from: number, to: number, now: number): Promise<boolean> {
  const result = await db.updateTable('comments').set({ status: to, update_time: now }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Soft-deletes every published reply of a comment; answers how many each author lost and the
 * newest reply's id (null when there was none).
 */
export async function deleteRepliesOf(db: Kysely<DB>, parentId: number, now: number): Promise<{ lost: Map<number, number>; newestId: number | null }> {
  const authors = await db
    .selectFrom('comments')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max<number>('id').as('newest')])
    .where('parent_id', '=', parentId)
    .where('status', '=', PUBLISHED)
    .groupBy('user_id')
    .execute();
  if (authors.length === 0) return { lost: new Map(), newestId: null };
  await db.updateTable('comments').set({ status: CONTENT_STATUS.deleted, update_time: now }).where('parent_id', '=', parentId).where('status', '=', PUBLISHED).execute();
  await db.updateTable('comments').set({ reply_count: 0, update_time: now }).where('id', '=', parentId).execute();
  return { lost: new Map(authors.map((a) => [Number(a.user_id), Number(a.n)])), newestId: Math.max(...authors.map((a) => Number(a.newest))) };
}

/**
 * One keyset page of a member's published comments and replies, newest first, strictly before
 * `beforeId` when given: one range of comments_user_recent_idx (user_id, status, id).
 */
export async function findUserCommentsPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll().where('user_id', '=', userId).where('status', '=', PUBLISHED);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Whether the user has a published comment (or reply) on the item. */
export async function hasCommented(db: Kysely<DB>, entity: { type: string; id: number }, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('user_id', '=', userId)
    .where('entity_type', '=', entity.type)
    .where('entity_id', '=', entity.id)
    .where('status', '=', PUBLISHED)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When the member last commented on the item, whatever became of that comment (slow mode counts
 * held and deleted ones too: deleting one's comment does not buy a new one), or null
 * (comments_user_idx).
 */
export async function lastCommentTimeOn(db: Kysely<DB>, entity: { type: string; id: number }, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.max('create_time').as('last'))
    .where('user_id', '=', userId)
    .where('entity_type', '=', entity.type)
    .where('entity_id', '=', entity.id)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The newest published comment on an item (its last activity), or undefined. */
export async function findNewestComment(db: Kysely<DB>, entity: { type: string; id: number }): Promise<Pick<CommentRow, 'id' | 'create_time' | 'user_id'> | undefined> {
  return db
    .selectFrom('comments')
    .select(['id', 'create_time', 'user_id'])
    .where('entity_type', '=', entity.type)
    .where('entity_id', '=', entity.id)
    .where('status', '=', PUBLISHED)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function commentsOfStatus(db: Kysely<DB>, status: number, search: string) {
  let query = db.selectFrom('comments').where('status', '=', status);
  if (search !== '') query = query.where(sql<boolean>`lower(content) like ${containsPattern(search)} escape '!'`);
  return query;
}

/** One offset page of the comments of `status` whose text contains `search` ('' for all), newest first (comments_status_idx): the back office's table. */
export async function findCommentsByStatus(db: Kysely<DB>, filter: { status: number; search: string }, offset: number, limit: number): Promise<CommentRow[]> {
  return commentsOfStatus(db, filter.status, filter.search).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countCommentsByStatus(db: Kysely<DB>, filter: { status: number; search: string }): Promise<number> {
  const row = await commentsOfStatus(db, filter.status, filter.search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published comments (the dashboard's count). */
export async function countPublishedComments(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', CONTENT_STATUS.published).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's comments in one status, locked until the transaction ends (id order; SQLite locks the file). */
export function lockCommentsOfUser(db: Kysely<DB>, userId: number, status: number): Promise<CommentRow[]> {
  const query = db.selectFrom('comments').selectAll().where('user_id', '=', userId).where('status', '=', status).orderBy('id');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

/** Moves the given comments from `from` to `to` (those still in `from`). */
export async function changeCommentsStatus(db: Kysely<DB>, ids: readonly number[], from: number, to: number, now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('comments').set({ status: to, update_time: now }).where('id', 'in', [...ids]).where('status', '=', from).execute();
}

/** Where a member's comments came from (IP address, its place, the browser), cleared (their account erased, issue 29). */
export async function clearCommentOrigins(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable('comments').set({ ip: '', ip_country: '', ip_region: '', user_agent: '' }).where('user_id', '=', userId).execute();
}

/** A member's comments but the deleted, oldest first (their archive, issue 29). */
export function findCommentsWrittenBy(db: Kysely<DB>, userId: number, deleted: number) {
  return db.selectFrom('comments').select(['id', 'entity_type', 'entity_id', 'content', 'content_html', 'status', 'create_time']).where('user_id', '=', userId).where('status', '!=', deleted).orderBy('id').execute();
}

/**
 * Every comment's published replies and likes (the importer's recount, issue 33). Read grouped,
 * then written row by row: MySQL refuses an update of `comments` that reads `comments` itself.
 */
export async function recountCommentCounters(db: Kysely<DB>): Promise<void> {
  await db.updateTable('comments').set({ reply_count: 0, like_count: 0 }).where((eb) => eb.or([eb('reply_count', '<>', 0), eb('like_count', '<>', 0)])).execute();
  const replies = await db.selectFrom('comments').select(['parent_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('parent_id', 'is not', null).where('status', '=', PUBLISHED).groupBy('parent_id').execute();
  for (const row of replies) await db.updateTable('comments').set({ reply_count: Number(row.n) }).where('id', '=', Number(row.parent_id)).execute();
  const likes = await db.selectFrom('user_likes').select(['entity_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('entity_type', '=', 'comment').groupBy('entity_id').execute();
  for (const row of likes) await db.updateTable('comments').set({ like_count: Number(row.n) }).where('id', '=', Number(row.entity_id)).execute();
}
