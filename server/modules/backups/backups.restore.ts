/**
 * Restoring an archive (issue 33, ADR 0040) onto an empty database of any engine and an empty
 * uploads folder:
 *
 *   1. unpack it into a staging folder beside the uploads, read the manifest, refuse an archive
 *      whose schema this code does not know, and check every table file against the manifest
 *      (a changed or damaged archive is refused before anything is written);
 *   2. refuse a target that holds members, or uploads, unless forced;
 *   3. migrate the target up to the archive's schema version, empty what the migrations seeded,
 *      load the tables parents first in batches (foreign key checks off where the engine allows),
 *      set the sequences past the loaded ids, migrate to the latest version;
 *   4. read every table back and compare counts and checksums with the manifest;
 *   5. move the uploads into place and mark the data directory installed.
 *
 * The search index's engine-specific parts are rebuilt, not copied: search_documents is loaded
 * as rows, and SQLite's FTS5 table (its triggers), PostgreSQL's generated tsv column and
 * MariaDB's FULLTEXT index follow from them.
 */
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Migrator, sql, type Kysely } from 'kysely';
import { extract } from 'tar';
import { readPersistedConfig, writePersistedConfig, type DbConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { migrations } from '../../db/migrations';
import type { DB } from '../../db/schema';
import { rebuildEngineIndex } from '../search/search.api';
import { ARCHIVE_FORMAT, listFiles, uploadsDir, type BackupManifest, type ManifestTable } from './backups.archive';
import { decodeValue, rowLine, TableChecksum, type EncodedValue } from './backups.canonical';
import { latestAppliedMigration } from './backups.repository';
import { copiedTables, countRows, danglingReferences, emptyTable, hasTable, inSnapshot, insertRows, readPage, resetSequences, suspendForeignKeys, type AnyDb, type TableInfo } from './backups.tables.repository';

/** A restore that must not go on, with the reason an operator reads. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    readonly comparison: TableComparison[] = [],
  ) {
    super(message);
  }
}

export interface TableComparison {
  table: string;
  expectedRows: number;
  rows: number;
  expectedChecksum: string;
  checksum: string;
  ok: boolean;
}

export interface RestoreReport {
  manifest: BackupManifest;
  tables: TableComparison[];
  uploads: { expected: BackupManifest['uploads']; restored: BackupManifest['uploads'] };
  ok: boolean;
  /** The schema version after the final migration. */
  schemaVersion: string;
}

export interface RestoreOptions {
  archive: string;
  database: DbConfig;
  dataDir: string;
  /** Restore over a database that holds members, or into an uploads folder with files. */
  force?: boolean;
  now: number;
  log?: (line: string) => void;
}

/** The schema versions this code knows, oldest first. */
export function knownSchemaVersions(): string[] {
  return Object.keys(migrations).sort();
}

/** Most values a batched insert binds (SQLite's limit is 32,766; the servers' 65,535). */
const MAX_BOUND_VALUES = 30_000;

async function readManifest(staging: string): Promise<BackupManifest> {
  const file = path.join(staging, 'manifest.json');
  if (!existsSync(file)) throw new RestoreRefused('This file is not a Sabai backup: it has no manifest.json.');
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new RestoreRefused(`This file is not a Sabai backup (format ${JSON.stringify(manifest.format)}).`);
  const known = knownSchemaVersions();
  if (!known.includes(manifest.schemaVersion)) {
    throw new RestoreRefused(
      `The archive's schema version ${manifest.schemaVersion} is unknown to this code (it knows up to ${known[known.length - 1]}): the archive was made by a newer Sabai. Restore it with that version or later.`,
    );
  }
  return manifest;
}

/** The lines of a table file, decoded, as arrays of values. */
async function* tableLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

/** Every table file counted and summed against the manifest. */
async function checkArchive(staging: string, manifest: BackupManifest): Promise<TableComparison[]> {
  const result: TableComparison[] = [];
  for (const table of manifest.tables) {
    const sum = new TableChecksum();
    const file = path.join(staging, table.file);
    if (existsSync(file)) for await (const line of tableLines(file)) sum.add(line);
    result.push({ table: table.name, expectedRows: table.rows, rows: sum.rows, expectedChecksum: table.checksum, checksum: sum.hex, ok: sum.rows === table.rows && sum.hex === table.checksum });
  }
  return result;
}

async function migrateTo(db: AnyDb, version: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateTo(version);
  if (result.error) throw new Error(`Migration to ${version} failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`, { cause: result.error });
}

async function migrateToLatest(db: AnyDb): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw new Error(`Migration failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`, { cause: result.error });
}

/** Refuses a target that holds a forum (members), or whose schema is past the archive's. */
async function checkTarget(db: AnyDb, manifest: BackupManifest, force: boolean): Promise<void> {
  const current = await latestAppliedMigration(db);
  if (current && current > manifest.schemaVersion) {
    throw new RestoreRefused(`The target database is at schema ${current}, past the archive's ${manifest.schemaVersion}: restore onto a new, empty database.`);
  }
  if (!force && (await hasTable(db, 'users')) && (await countRows(db, 'users')) > 0) {
    throw new RestoreRefused('The target database is not empty (it has members). Restore onto a new, empty database, or pass --force to replace everything in it.');
  }
}

/** Loads one table's file in batches, inside one transaction on `connection`. */
async function loadTable(connection: AnyDb, table: ManifestTable, file: string): Promise<number> {
  const batchRows = Math.max(1, Math.min(500, Math.floor(MAX_BOUND_VALUES / table.columns.length)));
  let batch: unknown[][] = [];
  let loaded = 0;
  await sql`begin`.execute(connection);
  try {
    for await (const line of tableLines(file)) {
      batch.push((JSON.parse(line) as EncodedValue[]).map(decodeValue));
      if (batch.length === batchRows) {
        await insertRows(connection, table.name, table.columns, batch);
        loaded += batch.length;
        batch = [];
      }
    }
    await insertRows(connection, table.name, table.columns, batch);
    loaded += batch.length;
    await sql`commit`.execute(connection);
  } catch (error) {
    await sql`rollback`.execute(connection);
    throw new Error(`Loading ${table.name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return loaded;
}

/** Checks that the target's tables at the archive's version take the archive's columns. */
function matchTables(manifest: BackupManifest, target: TableInfo[]): void {
  const byName = new Map(target.map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const found = byName.get(table.name);
    if (!found) throw new RestoreRefused(`The archive has a table ${table.name} that the schema ${manifest.schemaVersion} of this code does not have.`);
    const missing = table.columns.filter((c) => !found.columns.includes(c));
    if (missing.length) throw new RestoreRefused(`The archive's table ${table.name} has columns the target lacks: ${missing.join(', ')}.`);
  }
}

/** Empties the tables the migrations seeded, then loads every table parents first. */
async function loadAll(db: AnyDb, manifest: BackupManifest, staging: string, order: TableInfo[], log: (line: string) => void): Promise<void> {
  const inArchive = new Map(manifest.tables.map((t) => [t.name, t]));
  await db.connection().execute(async (connection) => {
    const resume = await suspendForeignKeys(connection);
    try {
      for (const table of [...order].reverse()) await emptyTable(connection, table.name);
      for (const table of order) {
        const archived = inArchive.get(table.name);
        if (!archived) continue;
        const started = Date.now();
        const loaded = await loadTable(connection, archived, path.join(staging, archived.file));
        log(`  ${table.name}: ${loaded} rows (${Date.now() - started} ms)`);
      }
      const dangling = await danglingReferences(connection);
      if (dangling.length) throw new Error(`${dangling.length} rows refer to missing rows (first: ${dangling[0]!.table} → ${dangling[0]!.parent})`);
    } finally {
      await resume();
    }
  });
}

/** Counts and sums every archived table as the target now holds it (the archive's columns). */
export async function compareWithManifest(db: AnyDb, manifest: BackupManifest): Promise<TableComparison[]> {
  const target = new Map((await copiedTables(db)).map((t) => [t.name, t]));
  return inSnapshot(db, async (connection) => {
    const result: TableComparison[] = [];
    for (const table of manifest.tables) {
      const info = target.get(table.name);
      const sum = new TableChecksum();
      if (info) {
        const view: TableInfo = { ...info, columns: table.columns };
        let after: unknown[] | null = null;
        for (;;) {
          const page = await readPage(connection, view, after, 1000);
          for (const row of page) sum.add(rowLine(row, table.columns));
          if (page.length < 1000) break;
          const last = page[page.length - 1]!;
          after = info.primaryKey.map((column) => last[column]);
        }
      }
      result.push({ table: table.name, expectedRows: table.rows, rows: sum.rows, expectedChecksum: table.checksum, checksum: sum.hex, ok: sum.rows === table.rows && sum.hex === table.checksum });
    }
    return result;
  });
}

/** Whether a folder is absent or holds no file. */
async function isEmptyFolder(dir: string): Promise<boolean> {
  return (await listFiles(dir)).length === 0;
}

/** Moves the unpacked uploads into the data directory (a rename when the folder is new). */
async function placeUploads(staging: string, dataDir: string): Promise<void> {
  const from = path.join(staging, 'uploads');
  if (!existsSync(from)) return;
  const to = uploadsDir(dataDir);
  if (!existsSync(to) || (await readdir(to)).length === 0) {
    await rm(to, { recursive: true, force: true });
    await rename(from, to);
  } else {
    await cp(from, to, { recursive: true, force: true });
  }
}

/** Restores `archive` onto the configured database and data directory (see the top). */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const force = options.force === true;
  await mkdir(options.dataDir, { recursive: true });
  if (!force && !(await isEmptyFolder(uploadsDir(options.dataDir)))) {
    throw new RestoreRefused(`The uploads folder ${uploadsDir(options.dataDir)} is not empty. Restore into an empty data directory, or pass --force.`);
  }
  // Unpacked beside the uploads, so moving them into place is a rename.
  const staging = await mkdtemp(path.join(options.dataDir, '.restore-staging-'));
  try {
    log(`Unpacking ${options.archive}…`);
    await extract({ file: options.archive, cwd: staging, strict: true }).catch((error: unknown) => {
      throw new RestoreRefused(`${options.archive} cannot be read as a .tar.gz: ${error instanceof Error ? error.message : String(error)}`);
    });
    const manifest = await readManifest(staging);
    log(`Archive: schema ${manifest.schemaVersion}, from ${manifest.engine}, made ${manifest.createdAt}; ${manifest.tables.length} tables, ${manifest.uploads.files} uploads.`);
    const damaged = (await checkArchive(staging, manifest)).filter((t) => !t.ok);
    if (damaged.length) throw new RestoreRefused(`The archive does not match its manifest (changed or damaged): ${damaged.map((t) => t.table).join(', ')}. Nothing was restored.`, damaged);

    const db = createDatabase(options.database, { poolSize: 1 }) as AnyDb;
    try {
      await checkTarget(db, manifest, force);
      log(`Migrating the target to ${manifest.schemaVersion}…`);
      await migrateTo(db, manifest.schemaVersion);
      const order = await copiedTables(db);
      matchTables(manifest, order);
      log('Loading tables…');
      await loadAll(db, manifest, staging, order, log);
      await resetSequences(db, order);
      log('Rebuilding the search index…');
      await rebuildEngineIndex(db as Kysely<DB>);
      log('Migrating to the latest schema…');
      await migrateToLatest(db);
      const tables = await compareWithManifest(db, manifest);
      await placeUploads(staging, options.dataDir);
      const files = await listFiles(uploadsDir(options.dataDir));
      const restored = { files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) };
      markInstalled(options.dataDir, options.database, options.now);
      const schemaVersion = (await latestAppliedMigration(db)) ?? manifest.schemaVersion;
      const uploadsOk = force ? restored.files >= manifest.uploads.files : restored.files === manifest.uploads.files && restored.bytes === manifest.uploads.bytes;
      return { manifest, tables, uploads: { expected: manifest.uploads, restored }, ok: uploadsOk && tables.every((t) => t.ok), schemaVersion };
    } finally {
      await db.destroy();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The data directory says "installed" afterwards, naming the database restored into unless its
 * config already names one (DATABASE_URL, when set, still wins at start).
 */
function markInstalled(dataDir: string, database: DbConfig, now: number): void {
  const persisted = readPersistedConfig(dataDir);
  if (persisted?.installed) return;
  writePersistedConfig(dataDir, { installed: true, installedAt: now, database: persisted?.database ?? database });
}

/** The comparison as a text table (the CLI's output). */
export function comparisonTable(rows: TableComparison[]): string {
  const width = Math.max(5, ...rows.map((r) => r.table.length));
  const head = `${'table'.padEnd(width)}  ${'rows'.padStart(8)}  ${'archive'.padStart(8)}  checksum          result`;
  const lines = rows.map((r) => `${r.table.padEnd(width)}  ${String(r.rows).padStart(8)}  ${String(r.expectedRows).padStart(8)}  ${r.checksum.slice(0, 16)}  ${r.ok ? 'ok' : `MISMATCH (archive ${r.expectedChecksum.slice(0, 16)})`}`);
  return [head, ...lines].join('\n');
}
