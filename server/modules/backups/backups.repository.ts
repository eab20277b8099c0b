/**
 * The backups feature's own rows (the back office's list of archives) and the schema version
 * a database is at.
 */
import { sql, type Kysely } from 'kysely';
import { insertReturningId, stamps } from '../../db/helpers';
import type { BackupRow, DB } from '../../db/schema';
import type { AnyDb } from './backups.tables.repository';

/** The last migration applied to `db` (Kysely's own table), or null before any. */
export async function latestAppliedMigration(db: AnyDb): Promise<string | null> {
  const found = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db).catch(() => null);
  return found?.rows[0]?.name ?? null;
}

export type BackupStatus = 'running' | 'done' | 'failed';
export type BackupOrigin = 'manual' | 'scheduled';

export async function insertBackup(db: Kysely<DB>, fileName: string, origin: BackupOrigin, store: 'disk' | 'bucket', now: number): Promise<number> {
  return insertReturningId(db, 'backups', { file_name: fileName, status: 'running', origin, store, ...stamps(now) });
}

export async function findBackup(db: Kysely<DB>, id: number): Promise<BackupRow | undefined> {
  return db.selectFrom('backups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBackups(db: Kysely<DB>, limit: number): Promise<BackupRow[]> {
  return db.selectFrom('backups').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function runningBackups(db: Kysely<DB>): Promise<Array<{ id: number; create_time: number }>> {
  return db.selectFrom('backups').select(['id', 'create_time']).where('status', '=', 'running').execute();
}

export async function hasRunningBackup(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('backups').select('id').where('status', '=', 'running').limit(1).executeTakeFirst()) !== undefined;
}

export async function markBackupDone(db: Kysely<DB>, id: number, values: { size: number; schemaVersion: string }, now: number): Promise<void> {
  await db.updateTable('backups').set({ status: 'done', size: values.size, schema_version: values.schemaVersion, update_time: now }).where('id', '=', id).execute();
}

/** Marks it failed with the words of the failure and, when known, their message key. */
export async function markBackupFailed(db: Kysely<DB>, id: number, error: string, now: number, errorKey = ''): Promise<void> {
  await db.updateTable('backups').set({ status: 'failed', error: error.slice(0, 1000), error_key: errorKey.slice(0, 128), update_time: now }).where('id', '=', id).execute();
}

export async function deleteBackupRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('backups').where('id', '=', id).execute();
}

/** The finished archives past the `keep` newest (retention). */
export async function backupsBeyond(db: Kysely<DB>, keep: number): Promise<BackupRow[]> {
  return db.selectFrom('backups').selectAll().where('status', '=', 'done').orderBy('id', 'desc').offset(keep).limit(1000).execute();
}

/** When the last scheduled backup began (0 never): the schedule runs once per due slot. */
export async function lastScheduledTime(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('backups').select('create_time').where('origin', '=', 'scheduled').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.create_time ?? 0;
}
