/** All SQL of `review_holds`: why a post waits for a moderator. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
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

/**
 * Records why the item is held, replacing the reason of an earlier hold of it (an edit held
 * again): one upsert on the unique (kind, item_id) key. Not a delete then an insert: on MariaDB
 * the delete of a row that is not there (every new post's case) takes a gap lock at the end of
 * the index, and concurrent holds' inserts into that gap deadlocked one another (issue 30).
 */
export async function saveHold(db: Kysely<DB>, values: HoldValues, now: number): Promise<void> {
  const reheld = { user_id: values.userId, reason: values.reason, words: values.words, ...stamps(now) };
  const insert = db.insertInto('review_holds').values({ kind: values.kind, item_id: values.itemId, ...reheld });
  if (dialectOf(db) === 'mysql') await insert.onDuplicateKeyUpdate(reheld).execute();
  else await insert.onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet(reheld)).execute();
}

export async function findHolds(db: Kysely<DB>, kind: string, itemIds: readonly number[]): Promise<Array<{ item_id: number; reason: string; words: string; create_time: number }>> {
  if (itemIds.length === 0) return [];
  const rows = await db.selectFrom('review_holds').select(['item_id', 'reason', 'words', 'create_time']).where('kind', '=', kind).where('item_id', 'in', [...itemIds]).execute();
  return rows.map((row) => ({ ...row, item_id: Number(row.item_id), create_time: Number(row.create_time) }));
}
