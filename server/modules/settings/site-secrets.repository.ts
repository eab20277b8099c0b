/** All SQL touching `site_secrets`: values the site keeps and never shows, one row per name. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

export async function findSecret(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Inserts the secret unless one of that name exists (site_secrets_name_uq): the first writer wins. */
export async function insertSecretIfAbsent(db: Kysely<DB>, name: string, value: string, now: number): Promise<void> {
  const query = db.insertInto('site_secrets').values({ name, value, create_time: now, update_time: now });
  switch (dialectOf(db)) {
    case 'mysql':
      await query.ignore().execute();
      return;
    case 'postgres':
      await query.onConflict((oc) => oc.column('name').doNothing()).execute();
      return;
    case 'sqlite':
      await query.orIgnore().execute();
      return;
  }
}

/** Writes a secret an admin gives (a sign-in provider's client secret, the SMS provider's key): its row rewritten, or inserted. */
export async function upsertSecret(db: Kysely<DB>, name: string, value: string, now: number): Promise<void> {
  const updated = await db.updateTable('site_secrets').set({ value, update_time: now }).where('name', '=', name).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  if ((await findSecret(db, name)) !== null) return; // MariaDB counts an unchanged row as not updated: the value is already this one
  await db.insertInto('site_secrets').values({ name, value, create_time: now, update_time: now }).execute();
}

export async function deleteSecret(db: Kysely<DB>, name: string): Promise<void> {
  await db.deleteFrom('site_secrets').where('name', '=', name).execute();
}
