/**
 * `npm run restore -- <archive> [--force]`: brings a backup back onto the configured database
 * (DATABASE_URL, or DATA_DIR/config.json's), of any engine, and DATA_DIR/uploads, then compares
 * every table with the archive's manifest and prints the table (issue 33, ADR 0040). Refuses a
 * database with members or an uploads folder with files, unless --force.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { comparisonTable, RestoreRefused, restoreBackup } from './backups.restore';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
const archive = positionals[0];
if (!archive || positionals.length > 1) {
  console.error('Usage: npm run restore -- <archive.tar.gz> [--force]');
  process.exit(2);
}
const config = loadConfig();
if (!config.database) {
  console.error('No database configured: set DATABASE_URL (sqlite:, mysql:, postgres:) or write DATA_DIR/config.json.');
  process.exit(1);
}
const started = Date.now();
try {
  const report = await restoreBackup({ archive: path.resolve(archive), database: config.database, dataDir: config.dataDir, force: values.force, now: started, log: (line) => console.log(line) });
  console.log('');
  console.log(comparisonTable(report.tables));
  console.log(`uploads: ${report.uploads.restored.files} files, ${report.uploads.restored.bytes} bytes (archive: ${report.uploads.expected.files}, ${report.uploads.expected.bytes})`);
  if (report.manifest.uploads.bucket) console.log(`The restored settings keep uploads in the bucket ${report.manifest.uploads.bucket}: its files were not in the archive.`);
  console.log(`schema now ${report.schemaVersion}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!report.ok) {
    console.error('The restored data differs from the archive (see MISMATCH above).');
    process.exit(1);
  }
  console.log('Restored: every table matches the archive.');
} catch (error) {
  if (error instanceof RestoreRefused) {
    console.error(error.message);
    if (error.comparison.length) console.error(comparisonTable(error.comparison));
    process.exit(1);
  }
  throw error;
}
