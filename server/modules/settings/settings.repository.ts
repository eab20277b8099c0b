import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { dialectOf } from '../../db/database';

export async function readAllSettings(db: Kysely<DB>): Promise<Array<{ key: string; value: string }>> {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: Kysely<DB>, key: string, value: string, now: number): Promise<void> {
  const insert = db.insertInto('settings').values({ key, value, create_time: now, update_time: now });
  if (dialectOf(db) === 'mysql') {
    await insert.onDuplicateKeyUpdate({ value, update_time: now }).execute();
  } else {
    await insert.onConflict((oc) => oc.column('key').doUpdateSet({ value, update_time: now })).execute();
  }
}
