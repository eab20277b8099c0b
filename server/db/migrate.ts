/**
 * The schema's life (ADR 0043): migrations run forward only, in name order, at every start and by
 * `npm run migrate`. A database that holds migrations this code does not know was upgraded by a
 * newer Sabai: every entry point refuses it (NewerSchemaError) rather than serve a schema it was
 * not written for, or let Kysely fail later with "corrupted migrations".
 */
import { Migrator, sql, type MigrationResultSet } from 'kysely';
import { dialectOf, type Database } from './database';
import { migrations } from './migrations';

/** Kysely's own bookkeeping table: one row per migration applied (its name and when). */
const MIGRATION_TABLE = 'kysely_migration';

/** Thrown before anything changes when the database is ahead of this code. */
export class NewerSchemaError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `The database was upgraded by a newer version of Sabai: it has ${unknownMigrations.length === 1 ? 'a migration' : 'migrations'} ` +
        `this version does not know (${unknownMigrations.join(', ')}). Nothing was changed. ` +
        'Run the newer version (or a later one) on this database, or restore the backup taken before that upgrade to run this version. ' +
        'Migrations only go forward: see docs/operations/upgrades.md.',
    );
    this.name = 'NewerSchemaError';
  }
}

function migrator(db: Database): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Every migration this code knows, in the order they run. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

/**
 * Whether the migration table exists, asked of the engine's catalogue for that one name (Kysely's
 * introspection reads every table's columns: 30–90 ms on MariaDB, at every start).
 */
async function migrationTableExists(db: Database): Promise<boolean> {
  switch (dialectOf(db)) {
    case 'sqlite':
      return (await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db)).rows.length > 0;
    case 'mysql':
      return (await sql`select 1 from information_schema.tables where table_schema = database() and table_name = ${MIGRATION_TABLE}`.execute(db)).rows.length > 0;
    case 'postgres':
      // Resolved through the search path, as Kysely's unqualified queries are.
      return (await sql<{ found: string | null }>`select to_regclass(${MIGRATION_TABLE})::text as found`.execute(db)).rows[0]?.found != null;
  }
}

/** The names recorded as applied, in name order; none on an empty database. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  if (!(await migrationTableExists(db))) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

/** Applied migrations this code does not have: non-empty means a newer version wrote the schema. */
export async function unknownMigrations(db: Database): Promise<string[]> {
  const known = new Set(knownMigrations());
  return (await appliedMigrations(db)).filter((name) => !known.has(name));
}

/** Throws NewerSchemaError when the database is ahead of this code. Reads only. */
export async function assertSchemaKnown(db: Database): Promise<void> {
  const unknown = await unknownMigrations(db);
  if (unknown.length) throw new NewerSchemaError(unknown);
}

/** What `migrateToLatest` would apply, in order (the dry run). Refuses a newer schema too. */
export async function pendingMigrations(db: Database): Promise<string[]> {
  await assertSchemaKnown(db);
  const applied = new Set(await appliedMigrations(db));
  return knownMigrations().filter((name) => !applied.has(name));
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: result.error });
  }
  return result;
}

/** Brings the schema up to date; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Database): Promise<MigrationResultSet> {
  await assertSchemaKnown(db);
  return checked(await migrator(db).migrateToLatest());
}

/**
 * Applies migrations up to and including `name` (the upgrade tests build an old release's schema
 * with it). Not an operator tool: going back down is not supported (ADR 0043).
 */
export async function migrateUpTo(db: Database, name: string): Promise<MigrationResultSet> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  await assertSchemaKnown(db);
  const beyond = (await appliedMigrations(db)).filter((applied) => applied > name);
  if (beyond.length) throw new Error(`The schema is already past ${name} (${beyond.join(', ')}): migrations do not go down`);
  return checked(await migrator(db).migrateTo(name));
}
