/**
 * Whole-forum backups from the back office (issue 33, ADR 0040): a backup's run (the archive
 * written to the backup store, its row marked done or failed, the archives past the kept count
 * deleted), the schedule's check, and the removal of one archive.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { BackupRow, DB } from '../../db/schema';
import { prepareBackup, sweepStaging } from './backups.archive';
import { backupFileName } from './backups.file';
import { backupsBeyond, deleteBackupRow, findBackup, hasRunningBackup, insertBackup, lastScheduledTime, markBackupDone, runningBackups, markBackupFailed, type BackupOrigin } from './backups.repository';
import { dueSlot } from './backups.schedule';
import { failureOf } from './backups.bucket';
import { configuredBackupStore, openBackupStore, storeKindOf } from './backups.destination';

/** A backup still "running" after this long died with its process: it is marked failed. */
export const STALE_BACKUP_MS = 6 * 3_600_000;

/** A new backup's row (running), named after its moment and id-free so names never collide. */
export async function startBackupRow(ctx: AppContext, db: Kysely<DB>, origin: BackupOrigin, now: number): Promise<number> {
  return insertBackup(db, backupFileName(now, origin === 'scheduled' ? '-scheduled' : ''), origin, configuredBackupStore(ctx.config).kind, now);
}

export { hasRunningBackup };

/** Writes the archive of backup `id` to the store, then keeps only the newest `keep`. */
export async function runBackup(ctx: AppContext, db: Kysely<DB>, id: number): Promise<void> {
  const row = await findBackup(db, id);
  if (!row || row.status !== 'running' || !ctx.config.database) return;
  try {
    // The store the row was started for (the configured one then).
    const opened = await openBackupStore(ctx.config, db, ctx.settings, storeKindOf(row.store));
    try {
      const backup = await prepareBackup({ database: ctx.config.database, dataDir: ctx.config.dataDir, now: ctx.clock.now() });
      let size: number;
      try {
        size = await opened.store.put(row.file_name, backup.stream);
      } finally {
        await backup.cleanup();
      }
      await markBackupDone(db, id, { size, schemaVersion: backup.manifest.schemaVersion }, ctx.clock.now());
    } finally {
      opened.close();
    }
  } catch (error) {
    const failure = failureOf(error);
    await markBackupFailed(db, id, failure.message, ctx.clock.now(), failure.key);
    throw error;
  }
  const settings = await ctx.settings.get(db);
  await pruneBackups(ctx, db, settings.backups.keep);
}

/**
 * Deletes the finished archives past the `keep` newest (objects or files first, then rows);
 * answers how many. One the store cannot delete now (a bucket unreachable) keeps its row and is
 * tried again after the next backup; the backup just written stays done.
 */
export async function pruneBackups(ctx: AppContext, db: Kysely<DB>, keep: number): Promise<number> {
  let removed = 0;
  for (const row of await backupsBeyond(db, keep)) {
    try {
      await removeBackup(ctx, db, row);
      removed += 1;
    } catch (error) {
      ctx.log.warn({ backupId: row.id, err: error }, 'retention could not delete an old backup');
    }
  }
  return removed;
}

/** Deletes an archive where it was written, then its row (a failed one stored nothing: its row alone). */
export async function removeBackup(ctx: AppContext, db: Kysely<DB>, row: BackupRow): Promise<void> {
  if (row.status === 'failed') {
    await deleteBackupRow(db, row.id);
    return;
  }
  const opened = await openBackupStore(ctx.config, db, ctx.settings, storeKindOf(row.store));
  try {
    await opened.store.remove(row.file_name);
  } finally {
    opened.close();
  }
  await deleteBackupRow(db, row.id);
}

/**
 * The schedule's run (every 10 minutes): a backup whose process died is marked failed; then, if
 * a slot is due and none runs, the scheduled backup is made right here (this run is a job).
 */
export async function runScheduledBackup(ctx: AppContext, db: Kysely<DB>): Promise<number | null> {
  const now = ctx.clock.now();
  await failStaleBackups(db, now);
  // By the file's own clock (mtime), not the app's: it is the disk's record.
  await sweepStaging(ctx.config.dataDir, Date.now(), STALE_BACKUP_MS);
  const settings = await ctx.settings.get(db);
  const slot = dueSlot(settings.backups, settings.timeZone, now, await lastScheduledTime(db));
  if (slot === null || (await hasRunningBackup(db))) return null;
  const id = await startBackupRow(ctx, db, 'scheduled', now);
  await runBackup(ctx, db, id);
  return id;
}

async function failStaleBackups(db: Kysely<DB>, now: number): Promise<void> {
  for (const row of await runningBackups(db)) if (now - row.create_time > STALE_BACKUP_MS) await markBackupFailed(db, row.id, 'interrupted (the process ended during the backup)', now);
}
