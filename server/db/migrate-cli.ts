/**
 * `npm run migrate`: applies pending migrations to the configured database and exits.
 * `npm run migrate -- --dry-run`: lists the migrations that would run, in order, and changes
 * nothing. Both refuse a database upgraded by a newer Sabai (exit 1, ADR 0043).
 */
import { loadConfig } from '../config';
import { createDatabase } from './database';
import { migrateToLatest, NewerSchemaError, pendingMigrations } from './migrate';

const USAGE = 'Usage: npm run migrate [-- --dry-run]';

const args = process.argv.slice(2);
const unknownArgs = args.filter((arg) => arg !== '--dry-run');
if (unknownArgs.length) {
  console.error(`Unknown option ${unknownArgs.join(' ')}\n${USAGE}`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');

const config = loadConfig();
if (!config.database) {
  console.error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  process.exit(1);
}
const db = createDatabase(config.database, { poolSize: 1 });

async function dryRunReport(): Promise<string> {
  const pending = await pendingMigrations(db);
  if (!pending.length) return 'Schema is up to date: nothing would run.';
  return [`${pending.length} migration${pending.length === 1 ? '' : 's'} would run, in this order (dry run: nothing was changed):`, ...pending.map((name) => `  ${name}`)].join('\n');
}

async function migrateReport(): Promise<string> {
  const applied = (await migrateToLatest(db)).results ?? [];
  return applied.length ? applied.map((r) => `${r.status}: ${r.migrationName}`).join('\n') : 'Schema is up to date.';
}

try {
  console.log(dryRun ? await dryRunReport() : await migrateReport());
} catch (error) {
  if (!(error instanceof NewerSchemaError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
