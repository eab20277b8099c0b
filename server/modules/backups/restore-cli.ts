/**
 * `npm run restore -- <archive> [--force]` or `npm run restore -- --from-store <name> [--force]`:
 * brings a backup back onto the configured database (DATABASE_URL, or DATA_DIR/config.json's),
 * of any engine, and DATA_DIR/uploads, then compares every table with the archive's manifest
 * and prints the table (issue 33, ADR 0040). Refuses a database with members or an uploads
 * folder with files, unless --force. `--from-store` first copies the archive named from the
 * backup store (the bucket of BACKUP_S3_*, reached with the environment's S3 values alone: the
 * database is not there yet; else DATA_DIR/backups) to DATA_DIR, and removes the copy after.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../../config';
import { systemClock } from '../../infra/clock';
import { SettingsCache } from '../settings/settings.api';
import { BackupStoreError } from './backups.bucket';
import { openBackupStore } from './backups.destination';
import { writeFileAtomically } from './backups.file';
import { comparisonTable, RestoreRefused, restoreBackup } from './backups.restore';

const USAGE = 'Usage: npm run restore -- <archive.tar.gz> [--force]\n       npm run restore -- --from-store <name> [--force]';
const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false }, 'from-store': { type: 'string' } }, allowPositionals: true });
const fromStore = values['from-store'];
if (fromStore ? positionals.length > 0 : positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
if (!config.database) {
  console.error('No database configured: set DATABASE_URL (sqlite:, mysql:, postgres:) or write DATA_DIR/config.json.');
  process.exit(1);
}

/** Copies the store's archive `name` into DATA_DIR; answers the file (null: no such archive). */
async function fetchFromStore(appConfig: AppConfig, name: string): Promise<string | null> {
  // No database to read the back office's uploads bucket from yet: the environment's alone.
  const opened = await openBackupStore(appConfig, null, new SettingsCache(systemClock));
  try {
    const stored = await opened.store.open(name);
    if (!stored) return null;
    const file = path.join(appConfig.dataDir, `.restore-${name}`);
    console.log(`Copying ${name} (${stored.size} bytes) from the ${opened.kind === 'bucket' ? `bucket ${appConfig.backupS3?.bucket}` : 'disk store'}…`);
    await writeFileAtomically(file, stored.stream);
    return file;
  } finally {
    opened.close();
  }
}

let archive: string;
let fetched: string | null = null;
if (fromStore) {
  try {
    fetched = await fetchFromStore(config, fromStore);
  } catch (error) {
    if (!(error instanceof BackupStoreError)) throw error;
    console.error(`The backup store could not be read (${error.reasonKey}): ${error.detail}`);
    process.exit(1);
  }
  if (!fetched) {
    console.error(`No archive named ${fromStore} in the backup store.`);
    process.exit(1);
  }
  archive = fetched;
} else {
  archive = path.resolve(positionals[0]!);
}
const started = Date.now();
try {
  const report = await restoreBackup({ archive, database: config.database, dataDir: config.dataDir, force: values.force, now: started, log: (line) => console.log(line) });
  console.log('');
  console.log(comparisonTable(report.tables));
  console.log(`uploads: ${report.uploads.restored.files} files, ${report.uploads.restored.bytes} bytes (archive: ${report.uploads.expected.files}, ${report.uploads.expected.bytes})`);
  if (report.manifest.uploads.bucket) console.log(`The restored settings keep uploads in the bucket ${report.manifest.uploads.bucket}: its files were not in the archive.`);
  console.log(`schema now ${report.schemaVersion}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!report.ok) {
    console.error('The restored data differs from the archive (see MISMATCH above).');
    process.exitCode = 1;
  } else {
    console.log('Restored: every table matches the archive.');
  }
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  if (error.comparison.length) console.error(comparisonTable(error.comparison));
  process.exitCode = 1;
} finally {
  if (fetched) await rm(fetched, { force: true });
}
