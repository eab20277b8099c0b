/**
 * `npm run backup [-- --out <file> | --to-store]`: one archive of the whole forum (database
 * snapshot, uploads, schema version, manifest) while it keeps serving (issue 33, ADR 0040).
 * Without an option, `sabai-backup-<time>.tar.gz` in the current folder (mode 0600: it holds the
 * site's secrets and the members' password hashes). `--to-store` writes it into the backup store
 * the back office uses (the private bucket of BACKUP_S3_BUCKET, else DATA_DIR/backups), where
 * the Backups page lists it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig, type DbConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { systemClock } from '../../infra/clock';
import { SettingsCache } from '../settings/settings.api';
import { prepareBackup, type PreparedBackup } from './backups.archive';
import { BackupStoreError, failureOf } from './backups.bucket';
import { openBackupStore } from './backups.destination';
import { backupFileName, writeFileAtomically } from './backups.file';
import { insertBackup, markBackupDone, markBackupFailed } from './backups.repository';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'to-store': { type: 'boolean', default: false } }, allowPositionals: false });
if (values.out && values['to-store']) {
  console.error('Usage: npm run backup [-- --out <file> | --to-store]');
  process.exit(2);
}
const config = loadConfig();
if (!config.database) {
  console.error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  process.exit(1);
}

/** Puts the archive into the configured store with its row in the back office's list; answers where and its size. */
async function intoStore(appConfig: AppConfig, database: DbConfig, name: string, backup: PreparedBackup, now: number): Promise<{ where: string; size: number }> {
  const db = createDatabase(database, { poolSize: 1 });
  try {
    const opened = await openBackupStore(appConfig, db, new SettingsCache(systemClock));
    const id = await insertBackup(db, name, 'manual', opened.kind, now);
    try {
      const size = await opened.store.put(name, backup.stream);
      await markBackupDone(db, id, { size, schemaVersion: backup.manifest.schemaVersion }, Date.now());
      const where = opened.kind === 'bucket' ? `s3://${appConfig.backupS3?.bucket}/${appConfig.backupS3?.prefix ?? ''}${name}` : path.join(appConfig.dataDir, 'backups', name);
      return { where, size };
    } catch (error) {
      const failure = failureOf(error);
      await markBackupFailed(db, id, failure.message, Date.now(), failure.key);
      throw error;
    } finally {
      opened.close();
    }
  } finally {
    await db.destroy();
  }
}

/** Writes the archive to `out` (mode 0600, atomically). */
async function intoFile(out: string, backup: PreparedBackup): Promise<{ where: string; size: number }> {
  return { where: out, size: await writeFileAtomically(out, backup.stream) };
}

const started = Date.now();
const backup = await prepareBackup({ database: config.database, dataDir: config.dataDir, now: started });
try {
  let written: { where: string; size: number };
  try {
    written = values['to-store'] ? await intoStore(config, config.database, backupFileName(started), backup, started) : await intoFile(path.resolve(values.out ?? backupFileName(started)), backup);
  } catch (error) {
    if (!(error instanceof BackupStoreError)) throw error;
    console.error(`The backup store refused the archive (${error.reasonKey}): ${error.detail}`);
    process.exit(1);
  }
  const { manifest } = backup;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(written.where);
  console.log(`schema ${manifest.schemaVersion} (${manifest.engine}); ${manifest.tables.length} tables, ${rows} rows; ${manifest.uploads.files} uploads (${manifest.uploads.bytes} bytes)`);
  if (manifest.uploads.bucket) console.log(`Uploads are kept in the bucket ${manifest.uploads.bucket}: its files are not in the archive (back the bucket up with its own tools); the archived settings still point at it.`);
  console.log(`${written.size} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s. Keep it private: it holds the site's secrets and password hashes.`);
  if (values['to-store']) console.log('Listed on the back office’s Backups page; the next backup made there applies the retention count.');
} finally {
  await backup.cleanup();
}
