/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { loadConfig } from '../config';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';

const config = loadConfig();
if (!config.database) {
  console.error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  process.exit(1);
}
const db = createDatabase(config.database, { poolSize: 1 });
try {
  const result = await migrateToLatest(db);
  const applied = result.results ?? [];
  console.log(applied.length ? applied.map((r) => `${r.status}: ${r.migrationName}`).join('\n') : 'Schema is up to date.');
} finally {
  await db.destroy();
}
