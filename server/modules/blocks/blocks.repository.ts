/**
 * All SQL of `user_blocks` (`user_id` blocked `blocked_id`). One row per pair, guarded by a unique
 * index: `addBlock` inserts only when absent and says whether it did, `removeBlock` says whether
 * it deleted.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

/** Inserts the block unless it exists; answers whether a row was inserted. */
export async function addBlock(db: Kysely<DB>, userId: number, blockedId: number, now: number): Promise<boolean> {
  const query = db.insertInto('user_blocks').values({ user_id: userId, blocked_id: blockedId, create_time: now });
  const result =
    dialectOf(db) === 'postgres'
      ? await query.onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing()).executeTakeFirst()
      : await query.ignore().executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the block; answers whether a row was deleted. */
export async function removeBlock(db: Kysely<DB>, userId: number, blockedId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_blocks').where('user_id', '=', userId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether `userId` blocked `blockedId` (user_blocks_pair_uq). */
export async function hasBlock(db: Kysely<DB>, userId: number, blockedId: number): Promise<boolean> {
  const row = await db.selectFrom('user_blocks').select('id').where('user_id', '=', userId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return row !== undefined;
}

/** Whether either of the two blocked the other: one query over both indexes. */
export async function hasBlockBetween(db: Kysely<DB>, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_blocks')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('user_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('blocked_id', '=', a)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of `memberIds`, those who blocked `authorId` (user_blocks_blocked_idx): one query for a post's mentions. */
export async function blockersAmong(db: Kysely<DB>, authorId: number, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_blocks')
    .select('user_id')
    .where('blocked_id', '=', authorId)
    .where('user_id', 'in', [...new Set(memberIds)])
    .execute();
  return new Set(rows.map((row) => Number(row.user_id)));
}

/** How many members `userId` blocked. */
export async function countBlocks(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_blocks').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids `userId` blocked, at most `limit` (user_blocks_pair_uq). */
export async function findBlockedIds(db: Kysely<DB>, userId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('user_blocks').select('blocked_id').where('user_id', '=', userId).orderBy('blocked_id').limit(limit).execute();
  return rows.map((row) => Number(row.blocked_id));
}

export interface BlockLink {
  id: number;
  blockedId: number;
  createTime: number;
}

/** One keyset page of `userId`'s blocks, newest first; `beforeId` is the last block id seen. */
export async function findBlockPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<BlockLink[]> {
  let query = db.selectFrom('user_blocks').select(['id', 'blocked_id', 'create_time']).where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), blockedId: Number(row.blocked_id), createTime: Number(row.create_time) }));
}

/** Every block by or of a member (their account erased, issue 29). */
export async function deleteBlocksOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_blocks').where((eb) => eb.or([eb('user_id', '=', userId), eb('blocked_id', '=', userId)])).execute();
}
