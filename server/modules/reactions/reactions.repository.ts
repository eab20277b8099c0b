/**
 * All SQL of likes and favorites. One row per (user, type, item), guarded by a unique index:
 * `addReaction` inserts only when absent and says whether it did, `removeReaction` says whether
 * it deleted, so the caller moves the item's counter by exactly what happened.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

export type ReactionTable = 'user_likes' | 'user_favorites';

export interface ReactionKey {
  userId: number;
  entityType: string;
  entityId: number;
}

/** Inserts the reaction unless it exists; answers whether a row was inserted. */
export async function addReaction(db: Kysely<DB>, table: ReactionTable, key: ReactionKey, now: number): Promise<boolean> {
  const query = db.insertInto(table).values({ user_id: key.userId, entity_type: key.entityType, entity_id: key.entityId, create_time: now, update_time: now });
  const result =
    dialectOf(db) === 'postgres'
      ? await query.onConflict((oc) => oc.columns(['user_id', 'entity_type', 'entity_id']).doNothing()).executeTakeFirst()
      : await query.ignore().executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Deletes the reaction; answers whether a row was deleted. */
export async function removeReaction(db: Kysely<DB>, table: ReactionTable, key: ReactionKey): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', key.userId)
    .where('entity_type', '=', key.entityType)
    .where('entity_id', '=', key.entityId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Of `entityIds`, those the user reacted to: one query for a whole page. */
export async function reactedIds(db: Kysely<DB>, table: ReactionTable, userId: number, entityType: string, entityIds: readonly number[]): Promise<Set<number>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('entity_id')
    .where('user_id', '=', userId)
    .where('entity_type', '=', entityType)
    .where('entity_id', 'in', [...new Set(entityIds)])
    .execute();
  return new Set(rows.map((r) => Number(r.entity_id)));
}

/** Of `entityIds`, those the user liked and those they favorited, in ONE query for a whole page. */
export async function likedAndFavoritedIds(
  db: Kysely<DB>,
  userId: number,
  entityType: string,
  entityIds: readonly number[],
): Promise<{ liked: Set<number>; favorited: Set<number> }> {
  const liked = new Set<number>();
  const favorited = new Set<number>();
  if (entityIds.length === 0) return { liked, favorited };
  const ids = sql.join([...new Set(entityIds)]);
  const { rows } = await sql<{ entity_id: number; kind: number }>`
    select entity_id, 1 as kind from user_likes where user_id = ${userId} and entity_type = ${entityType} and entity_id in (${ids})
    union all
    select entity_id, 2 as kind from user_favorites where user_id = ${userId} and entity_type = ${entityType} and entity_id in (${ids})`.execute(db);
  for (const row of rows) (Number(row.kind) === 1 ? liked : favorited).add(Number(row.entity_id));
  return { liked, favorited };
}

export interface FavoriteRow {
  id: number;
  entity_type: string;
  entity_id: number;
  create_time: number;
}

/** One keyset page of a user's favorites, newest first; `beforeId` is the last id seen. */
export async function findFavoritesPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<FavoriteRow[]> {
  let query = db.selectFrom('user_favorites').select(['id', 'entity_type', 'entity_id', 'create_time']).where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Every favorite of a member (their account erased, issue 29, or their archive). */
export async function findFavoritesOf(db: Kysely<DB>, userId: number): Promise<Array<{ entity_type: string; entity_id: number; create_time: number }>> {
  return db.selectFrom('user_favorites').select(['entity_type', 'entity_id', 'create_time']).where('user_id', '=', userId).orderBy('id').execute();
}
