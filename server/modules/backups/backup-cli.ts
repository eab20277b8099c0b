/**
 * `npm run backup [-- --out <file>]`: one archive of the whole forum (database snapshot,
 * uploads, schema version, manifest) while it keeps serving (issue 33, ADR 0040). Without
 * --out, `sabai-backup-<time>.tar.gz` in the current folder. The file is mode 0600: it holds
 * the site's secrets and the members' password hashes.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { prepareBackup } from './backups.archive';
import { backupFileName, writeFileAtomically } from './backups.file';

const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
const config = loadConfig();
if (!config.database) {
  console.error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  process.exit(1);
}
const started = Date.now();
const out = path.resolve(values.out ?? backupFileName(started));
const backup = await prepareBackup({ database: config.database, dataDir: config.dataDir, now: started });
try {
  const size = await writeFileAtomically(out, backup.stream);
  const { manifest } = backup;
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`${out}`);
  console.log(`schema ${manifest.schemaVersion} (${manifest.engine}); ${manifest.tables.length} tables, ${rows} rows; ${manifest.uploads.files} uploads (${manifest.uploads.bytes} bytes)`);
  if (manifest.uploads.bucket) console.log(`Uploads are kept in the bucket ${manifest.uploads.bucket}: its files are not in the archive (back the bucket up with its own tools); the archived settings still point at it.`);
  console.log(`${size} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s. Keep it private: it holds the site's secrets and password hashes.`);
} finally {
  await backup.cleanup();
}
