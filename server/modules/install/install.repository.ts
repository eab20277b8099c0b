/**
 * The installer's own SQL. An installation is marked by one row in `settings` under
 * INSTALL_MARKER_KEY (ignored by the typed settings, which skip unknown keys). The row is
 * inserted with a plain INSERT inside the install transaction, so the settings table's primary
 * key lets exactly one installer — in this process or any other — commit an installation into
 * a database (docs/decisions/0002-installer.md).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export const INSTALL_MARKER_KEY = 'sabai.installation';

export interface InstallMarker {
  installedAt: number;
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Throws a unique violation when the database already holds an installation. */
export async function insertInstallMarker(db: Kysely<DB>, marker: InstallMarker, now: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: INSTALL_MARKER_KEY, value: JSON.stringify(marker), create_time: now, update_time: now })
    .execute();
}

export async function findInstallMarker(db: Kysely<DB>): Promise<InstallMarker | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', INSTALL_MARKER_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as InstallMarker;
  } catch {
    return { installedAt: 0 };
  }
}

/** Undoes a committed installation whose config.json could not be written (see the service). */
export async function deleteInstallation(db: Kysely<DB>, adminId: number): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', INSTALL_MARKER_KEY).execute();
  await db.deleteFrom('users').where('id', '=', adminId).execute();
}
