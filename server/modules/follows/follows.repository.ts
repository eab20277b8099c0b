/**
 * All SQL of `user_follows` (`user_id` follows `other_id`). One row per pair, guarded by a unique
 * index: `addFollow` inserts only when absent and says whether it did, `removeFollow` says whether
 * it deleted, so the members' counters move by exactly what happened (users.feature.ts).
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';
import type { AuthorSet } from '../publishing/publishing.api';

/** Inserts the follow unless it exists; answers whether a row was inserted. */
export async function addFollow(db: Kysely<DB>, userId: number, otherId: number, now: number): Promise<boolean> {
  const query = db.insertInto('user_follows').values({ user_id: userId, other_id: otherId, create_time: now });
  const result =
    dialectOf(db) === 'postgres'
      ? await query.onConflict((oc) => oc.columns(['user_id', 'other_id']).doNothing()).executeTakeFirst()
      : await query.ignore().executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the follow; answers whether a row was deleted. */
export async function removeFollow(db: Kysely<DB>, userId: number, otherId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_follows').where('user_id', '=', userId).where('other_id', '=', otherId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Of `otherIds`, those `userId` follows: one query for a whole page of members. */
export async function followedAmong(db: Kysely<DB>, userId: number, otherIds: readonly number[]): Promise<Set<number>> {
  if (otherIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_follows')
    .select('other_id')
    .where('user_id', '=', userId)
    .where('other_id', 'in', [...new Set(otherIds)])
    .execute();
  return new Set(rows.map((row) => Number(row.other_id)));
}

export interface FollowLink {
  /** The follow's id: the lists' keyset. */
  id: number;
  /** The member the row lists (the fan, or the one followed). */
  memberId: number;
}

/**
 * One keyset page of a member's fans (`side: 'fans'`, index (other_id, id)) or of those they
 * follow (`'followed'`, index (user_id, id)), newest follow first; `beforeId` is the last follow
 * id seen.
 */
export async function findFollowPage(db: Kysely<DB>, side: 'fans' | 'followed', userId: number, beforeId: number | null, limit: number): Promise<FollowLink[]> {
  const owner = side === 'fans' ? 'other_id' : 'user_id';
  let query = db.selectFrom('user_follows').select(['id', 'user_id', 'other_id']).where(owner, '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), memberId: Number(side === 'fans' ? row.user_id : row.other_id) }));
}

/**
 * Whom `userId` follows, as a subquery of one `author_id` column (the following feed joins it to
 * a post table: publishing.repository `findAuthoredPostsPage`), over user_follows_pair_uq.
 */
export function followedAuthors(db: Kysely<DB>, userId: number): AuthorSet {
  return db.selectFrom('user_follows').select('other_id as author_id').where('user_id', '=', userId);
}

/** The follows of a member, both ways (their account erased, issue 29): [follower, followed] pairs. */
export async function findFollowsOf(db: Kysely<DB>, userId: number): Promise<Array<[number, number]>> {
  const rows = await db.selectFrom('user_follows').select(['user_id', 'other_id']).where((eb) => eb.or([eb('user_id', '=', userId), eb('other_id', '=', userId)])).orderBy('id').execute();
  return rows.map((row) => [row.user_id, row.other_id]);
}
