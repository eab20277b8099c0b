/** The trust levels' SQL (issue 28): `trust_levels`, and the member's counts it is computed from. */
import { sql, type Kysely } from 'kysely';
import type { DB, TrustLevelRow } from '../../db/schema';
import { prepared } from '../../db/prepared';

/** The trust rows of several members (one query). */
export function findTrustRows(db: Kysely<DB>, userIds: readonly number[]) {
  return db.selectFrom('trust_levels').select(['user_id', 'level', 'locked']).where('user_id', 'in', userIds).execute();
}

/** Every post and comment reads its author's level: built once per engine (db/prepared.ts). */
const trustOf = prepared((db, p: { userId: number }) => db.selectFrom('trust_levels').select(['level', 'locked']).where('user_id', '=', p.userId));

export function findTrust(db: Kysely<DB>, userId: number): Promise<Pick<TrustLevelRow, 'level' | 'locked'> | undefined> {
  return trustOf.first(db, { userId });
}

/** What a level is computed from, with the member's trust row (null when they have none), in one query. */
export function findTrustFacts(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('trust_levels', 'trust_levels.user_id', 'users.id')
    .select(['users.id', 'users.role', 'users.create_time', 'users.topic_count', 'users.article_count', 'users.comment_count', 'users.score', 'trust_levels.level', 'trust_levels.locked', 'trust_levels.likes_received'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
export type TrustFacts = NonNullable<Awaited<ReturnType<typeof findTrustFacts>>>;

/** Members below the top level whose level is computed (not set by hand), after `afterId`, by id. */
export function findComputedBelow(db: Kysely<DB>, maxLevel: number, afterId: number, count: number) {
  return db
    .selectFrom('trust_levels')
    .innerJoin('users', 'users.id', 'trust_levels.user_id')
    .select(['users.id', 'users.role', 'users.create_time', 'users.topic_count', 'users.article_count', 'users.comment_count', 'users.score', 'trust_levels.level', 'trust_levels.locked', 'trust_levels.likes_received'])
    .where('trust_levels.level', '<', maxLevel)
    .where('trust_levels.locked', '=', 0)
    .where('trust_levels.user_id', '>', afterId)
    .orderBy('trust_levels.user_id')
    .limit(count)
    .execute();
}

export async function insertTrust(db: Kysely<DB>, values: { userId: number; level: number; locked: boolean; setBy: number | null; now: number }): Promise<void> {
  await db
    .insertInto('trust_levels')
    .values({ user_id: values.userId, level: values.level, locked: values.locked ? 1 : 0, likes_received: 0, set_by: values.setBy, create_time: values.now, update_time: values.now })
    .execute();
}

export async function updateTrust(db: Kysely<DB>, userId: number, values: { level: number; locked?: boolean; setBy?: number | null; now: number }): Promise<void> {
  await db
    .updateTable('trust_levels')
    .set({ level: values.level, ...(values.locked === undefined ? {} : { locked: values.locked ? 1 : 0 }), ...(values.setBy === undefined ? {} : { set_by: values.setBy }), update_time: values.now })
    .where('user_id', '=', userId)
    .execute();
}

/** Likes received move (a like given or taken back); a member without a row is not counted. */
export async function addLikesReceived(db: Kysely<DB>, userId: number, delta: number): Promise<number> {
  let query = db
    .updateTable('trust_levels')
    .set((eb) => ({ likes_received: eb('likes_received', '+', delta) }))
    .where('user_id', '=', userId);
  // Never below zero: a like taken back that was given before the row existed.
  if (delta < 0) query = query.where('likes_received', '>', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A member's trust level row (their account erased, issue 29). */
export async function deleteTrustOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('trust_levels').where('user_id', '=', userId).execute();
}

/**
 * Likes other members gave a member's topics, articles and comments (the importer, issue 33: a
 * member arriving with their history starts with the likes it holds, as the live count would).
 */
export async function countLikesReceived(db: Kysely<DB>, userId: number): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from user_likes l
    left join topics t on l.entity_type = 'topic' and t.id = l.entity_id
    left join articles a on l.entity_type = 'article' and a.id = l.entity_id
    left join comments c on l.entity_type = 'comment' and c.id = l.entity_id
    where coalesce(t.user_id, a.user_id, c.user_id) = ${userId} and l.user_id <> ${userId}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** A trust row as computed, with the likes already received (an imported member's). */
export async function insertTrustWithLikes(db: Kysely<DB>, values: { userId: number; level: number; likesReceived: number; now: number }): Promise<void> {
  await db
    .insertInto('trust_levels')
    .values({ user_id: values.userId, level: values.level, locked: 0, likes_received: values.likesReceived, set_by: null, create_time: values.now, update_time: values.now })
    .execute();
}
