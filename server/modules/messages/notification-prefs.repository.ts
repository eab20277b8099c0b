/** All SQL touching `notification_prefs`: a member's choices per kind × channel, and the digest's. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import { prepared, type Prepared } from '../../db/prepared';
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
  const members = [...new Set(userIds)];
  const few = kinds && kinds.length > 0 && members.length <= FEW && kinds.length <= FEW;
  if (few) return prefsOfFew(members.length, kinds.length).rows(db, slotValues(members, kinds));
  let query = db.selectFrom('notification_prefs').select(['user_id', 'kind', 'channel', 'enabled']).where('user_id', 'in', members);
  if (kinds) query = query.where('kind', 'in', [...kinds]);
  return query.execute();
}

/**
 * Every message written reads its members' choices of its kinds (a reply: two members, two
 * kinds): for up to FEW of each the query is built once per count of each (db/prepared.ts), its
 * slots named `u0…`, `k0…`. Larger lists (the digest's batches) are built per call.
 */
const FEW = 3;
const prefsByShape = new Map<string, Prepared<Record<string, number | string>, PrefRow>>();

function prefsOfFew(members: number, kinds: number): Prepared<Record<string, number | string>, PrefRow> {
  const shape = `${members}x${kinds}`;
  let query = prefsByShape.get(shape);
  if (!query) {
    query = prepared((db, p: Record<string, number | string>) =>
      db
        .selectFrom('notification_prefs')
        .select(['user_id', 'kind', 'channel', 'enabled'])
        .where('user_id', 'in', Array.from({ length: members }, (_, i) => p[`u${i}`] as number))
        .where('kind', 'in', Array.from({ length: kinds }, (_, i) => p[`k${i}`] as string)),
    );
    prefsByShape.set(shape, query);
  }
  return query;
}

function slotValues(members: readonly number[], kinds: readonly string[]): Record<string, number | string> {
  const values: Record<string, number | string> = {};
  members.forEach((id, i) => (values[`u${i}`] = id));
  kinds.forEach((kind, i) => (values[`k${i}`] = kind));
  return values;
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
