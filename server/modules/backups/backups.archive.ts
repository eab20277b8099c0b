/**
 * A whole-forum backup (issue 33, ADR 0040): one `.tar.gz` holding
 *
 *   manifest.json          format, schema version, source engine, and per table its columns,
 *                          primary key, row count and checksum; the uploads' count and bytes
 *   tables/<table>.ndjson  the rows, one canonical line each (backups.canonical.ts)
 *   uploads/…              the files under DATA_DIR/uploads, as stored
 *
 * Every table is read inside one snapshot on one connection of a handle of its own, so the
 * archive is one instant of the database while the forum keeps writing; rows stream page by page
 * (keyset on the primary key) into files of a staging folder, so memory stays bounded whatever
 * the size. Then the tar is streamed out of the staging folder and the uploads (written once and
 * never changed, so a file list taken after the snapshot is safe). DATA_DIR/config.json (the
 * database's credentials) is never part of it; the site's secrets and password hashes are.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { create as createTar } from 'tar';
import type { DbConfig, DbType } from '../../config';
import { createDatabase, dialectOf } from '../../db/database';
import { rowLine, TableChecksum } from './backups.canonical';
import { latestAppliedMigration } from './backups.repository';
import { copiedTables, inSnapshot, readPage, type AnyDb, type TableInfo } from './backups.tables.repository';

export const ARCHIVE_FORMAT = 'sabai-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
/** Rows read per query: a page's memory, whatever the table's size. */
export const PAGE_ROWS = 1000;

export interface ManifestTable {
  name: string;
  file: string;
  columns: string[];
  primaryKey: string[];
  rows: number;
  checksum: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The last migration applied to the database the snapshot was taken of. */
  schemaVersion: string;
  engine: DbType;
  /** How table checksums are computed (backups.canonical.ts). */
  checksum: 'sum-sha256-canonical-rows';
  tables: ManifestTable[];
  /**
   * The files of DATA_DIR/uploads in the archive; `bucket` names the object storage the site's
   * settings keep new uploads in (ADR 0041), whose files stay there and are not in the archive.
   */
  uploads: { files: number; bytes: number; bucket?: string };
}

/**
 * The bucket the archived settings keep uploads in, if any: read from the archived `storage`
 * setting's row, so the archive says what it does not hold.
 */
async function uploadsBucket(staging: string, tables: ManifestTable[]): Promise<string | undefined> {
  const settings = tables.find((t) => t.name === 'settings');
  if (!settings) return undefined;
  const key = settings.columns.indexOf('key');
  const value = settings.columns.indexOf('value');
  const lines = (await readFile(path.join(staging, settings.file), 'utf8')).split('\n').filter(Boolean);
  for (const line of lines) {
    const row = JSON.parse(line) as unknown[];
    if (row[key] !== 'storage' || typeof row[value] !== 'string') continue;
    try {
      const storage = JSON.parse(row[value]) as { driver?: unknown; bucket?: unknown };
      return storage.driver === 's3' && typeof storage.bucket === 'string' && storage.bucket ? storage.bucket : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Writes one table's rows into `file`, page by page, counting and summing them. */
async function dumpTable(connection: AnyDb, table: TableInfo, file: string, pageRows: number): Promise<TableChecksum> {
  const out = createWriteStream(file, { mode: 0o600 });
  const sum = new TableChecksum();
  let after: unknown[] | null = null;
  try {
    for (;;) {
      const page = await readPage(connection, table, after, pageRows);
      for (const row of page) {
        const line = rowLine(row, table.columns);
        sum.add(line);
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      }
      if (page.length < pageRows) break;
      const last = page[page.length - 1]!;
      after = table.primaryKey.map((column) => last[column]);
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return sum;
}

/** The files under `root` (relative, `/`-separated, sorted), leaving out unfinished `.tmp` writes. */
export async function listFiles(root: string): Promise<Array<{ name: string; size: number }>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: Array<{ name: string; size: number }> = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const info = await stat(full).catch(() => null);
    if (info) files.push({ name: path.relative(root, full).split(path.sep).join('/'), size: info.size });
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Reads the snapshot into `staging/tables` and answers the manifest's database part. */
async function stageTables(db: AnyDb, staging: string, pageRows: number): Promise<Pick<BackupManifest, 'schemaVersion' | 'tables'>> {
  await mkdir(path.join(staging, 'tables'), { recursive: true });
  return inSnapshot(db, async (connection) => {
    const schemaVersion = await latestAppliedMigration(connection);
    if (!schemaVersion) throw new Error('backup: the database has no schema yet (no migration applied)');
    const tables: ManifestTable[] = [];
    for (const table of await copiedTables(connection)) {
      const file = `tables/${table.name}.ndjson`;
      const sum = await dumpTable(connection, table, path.join(staging, file), pageRows);
      tables.push({ name: table.name, file, columns: table.columns, primaryKey: table.primaryKey, rows: sum.rows, checksum: sum.hex });
    }
    return { schemaVersion, tables };
  });
}

export interface BackupSource {
  database: DbConfig;
  dataDir: string;
  /** Where the staging folder goes (default DATA_DIR): needs room for the tables' text. */
  workDir?: string;
  now: number;
  /** Rows per query (default PAGE_ROWS; tests take tiny pages to interleave with writes). */
  pageRows?: number;
}

export interface PreparedBackup {
  manifest: BackupManifest;
  /** The archive's bytes (.tar.gz); read it once. */
  stream: Readable;
  /** Removes the staging folder: call once the stream was read (or abandoned). */
  cleanup(): Promise<void>;
}

/** The uploads folder of a data directory (infra/storage.ts `createStorage`). */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Takes the snapshot and prepares the archive's stream. The database is read through a handle of
 * its own (one connection), so a long snapshot never holds one of the app's pool.
 */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  const workDir = source.workDir ?? source.dataDir;
  await mkdir(workDir, { recursive: true });
  const staging = await mkdtemp(path.join(workDir, '.backup-staging-'));
  const cleanup = () => rm(staging, { recursive: true, force: true });
  try {
    const db = createDatabase(source.database, { poolSize: 1 }) as AnyDb;
    let part: Pick<BackupManifest, 'schemaVersion' | 'tables'>;
    let engine: DbType;
    try {
      engine = dialectOf(db);
      part = await stageTables(db, staging, source.pageRows ?? PAGE_ROWS);
    } finally {
      await db.destroy();
    }
    const uploads = await listFiles(uploadsDir(source.dataDir));
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date(source.now).toISOString(),
      schemaVersion: part.schemaVersion,
      engine,
      checksum: 'sum-sha256-canonical-rows',
      tables: part.tables,
      uploads: { files: uploads.length, bytes: uploads.reduce((sum, file) => sum + file.size, 0) },
    };
    const bucket = await uploadsBucket(staging, part.tables);
    if (bucket) manifest.uploads.bucket = bucket;
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // The uploads enter the tar through a link in the staging folder: tar takes one root.
    if (uploads.length) await symlink(path.resolve(uploadsDir(source.dataDir)), path.join(staging, 'uploads'), 'dir');
    const entries = ['manifest.json', ...manifest.tables.map((t) => t.file), ...uploads.map((file) => `uploads/${file.name}`)];
    const pack = createTar({ gzip: true, cwd: staging, portable: true, follow: true, noDirRecurse: true }, entries);
    return { manifest, stream: Readable.from(pack), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Removes staging folders a backup left behind when its process died mid-way (older than
 * `olderThanMs`: a backup running now keeps its own); answers how many.
 */
export async function sweepStaging(workDir: string, now: number, olderThanMs: number): Promise<number> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  let swept = 0;
  for (const name of names.filter((n) => n.startsWith('.backup-staging-'))) {
    const folder = path.join(workDir, name);
    const info = await stat(folder).catch(() => null);
    if (info?.isDirectory() && now - info.mtimeMs > olderThanMs) {
      await rm(folder, { recursive: true, force: true });
      swept += 1;
    }
  }
  return swept;
}
