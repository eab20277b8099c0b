/** All SQL of `review_holds`: why a post waits for a moderator. */
import type { Kysely } from 'kysely';
import { stamps } from '../../db/helpers';
import type { DB } from '../../db/schema';

export interface HoldValues {
  kind: string;
  itemId: number;
  userId: number;
  reason: string;
  /** JSON text. */
  words: string;
}

/** Records why the item is held, replacing the reason of an earlier hold of it. */
export async function saveHold(db: Kysely<DB>, values: HoldValues, now: number): Promise<void> {
  await db.deleteFrom('review_holds').where('kind', '=', values.kind).where('item_id', '=', values.itemId).execute();
  await db
    .insertInto('review_holds')
    .values({ kind: values.kind, item_id: values.itemId, user_id: values.userId, reason: values.reason, words: values.words, ...stamps(now) })
    .execute();
}

export async function findHolds(db: Kysely<DB>, kind: string, itemIds: readonly number[]): Promise<Array<{ item_id: number; reason: string; words: string; create_time: number }>> {
  if (itemIds.length === 0) return [];
  const rows = await db.selectFrom('review_holds').select(['item_id', 'reason', 'words', 'create_time']).where('kind', '=', kind).where('item_id', 'in', [...itemIds]).execute();
  return rows.map((row) => ({ ...row, item_id: Number(row.item_id), create_time: Number(row.create_time) }));
}
