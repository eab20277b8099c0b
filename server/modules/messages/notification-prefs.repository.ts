/** All SQL touching `notification_prefs`: a member's choices per kind × channel, and the digest's. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

export interface PrefRow {
  user_id: number;
  kind: string;
  channel: string;
  enabled: number;
}

/** The choices the members made (kinds they never touched have no row). */
export async function findPrefs(db: Kysely<DB>, userIds: readonly number[], kinds?: readonly string[]): Promise<PrefRow[]> {
  if (userIds.length === 0) return [];
  let query = db.selectFrom('notification_prefs').select(['user_id', 'kind', 'channel', 'enabled']).where('user_id', 'in', [...new Set(userIds)]);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return query.execute();
}

/** Writes one choice, replacing an earlier one (the last write wins). */
export async function upsertPref(db: Kysely<DB>, row: PrefRow, now: number): Promise<void> {
  const values = { ...row, create_time: now, update_time: now };
  const insert = db.insertInto('notification_prefs').values(values);
  if (dialectOf(db) === 'mysql') {
    await insert.onDuplicateKeyUpdate({ enabled: row.enabled, update_time: now }).execute();
  } else {
    await insert.onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: row.enabled, update_time: now })).execute();
  }
}
