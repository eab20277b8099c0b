/**
 * The SQL of backups and restores (issue 33, ADR 0040): what tables and columns a database holds
 * (each engine's catalogue), a snapshot read (one read transaction on one connection), keyset
 * pages of a table's rows, batched inserts, and the sequences set after a load. The rest of the
 * feature sees tables as names and rows as arrays of values; only this file knows the engines.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbType } from '../../config';
import { dialectOf } from '../../db/database';
import { ENGINE_INDEX_TABLES } from '../search/search.api';

// Backups read and write every table, whichever exists in the schema the archive names: the
// schema's types describe only the latest state, so the handle here is untyped on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyDb = Kysely<any>;

/** One table as a backup copies it. */
export interface TableInfo {
  name: string;
  /** Copied columns, by name (generated columns, such as PostgreSQL's search `tsv`, left out). */
  columns: string[];
  primaryKey: string[];
  /** Tables this one's foreign keys point at (itself left out). */
  references: string[];
}

/**
 * Tables that are not the forum's data: the migrator's own (the archive names the schema
 * version instead), SQLite's internals, an engine's own index over search_documents (SQLite's
 * FTS5 tables, MariaDB's search_terms: rebuilt from search_documents after a load), and the list
 * of backups itself, which describes the files of the deployment that made them, not the forum.
 */
export function isCopiedTable(name: string): boolean {
  return !/^(kysely_migration|kysely_migration_lock|sqlite_.*|search_fts|search_fts_.*|backups)$/.test(name) && !ENGINE_INDEX_TABLES.includes(name);
}

async function rows<T>(db: AnyDb, query: RawBuilder<unknown>): Promise<T[]> {
  return (await query.execute(db)).rows as T[];
}

async function tableNames(db: AnyDb, engine: DbType): Promise<string[]> {
  switch (engine) {
    case 'sqlite':
      return (await rows<{ name: string }>(db, sql`select name from sqlite_master where type = 'table'`)).map((r) => r.name);
    case 'mysql':
      return (await rows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'`)).map((r) => r.name);
    case 'postgres':
      return (await rows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`)).map((r) => r.name);
  }
}

interface ColumnRow {
  name: string;
  pk: number;
  generated: number;
}

async function columnsOf(db: AnyDb, engine: DbType, table: string): Promise<ColumnRow[]> {
  switch (engine) {
    case 'sqlite':
      // table_xinfo's hidden: 2 and 3 are generated columns.
      return (await rows<{ name: string; pk: number; hidden: number }>(db, sql`select name, pk, hidden from pragma_table_xinfo(${table})`)).map((c) => ({ name: c.name, pk: Number(c.pk), generated: c.hidden >= 2 ? 1 : 0 }));
    case 'mysql':
      return (
        await rows<{ name: string; ckey: string; extra: string; pos: number }>(
          db,
          sql`select column_name as name, column_key as ckey, extra, ordinal_position as pos from information_schema.columns where table_schema = database() and table_name = ${table} order by ordinal_position`,
        )
      ).map((c) => ({ name: c.name, pk: c.ckey === 'PRI' ? 1 : 0, generated: /GENERATED/i.test(c.extra) ? 1 : 0 }));
    case 'postgres': {
      const keys = await rows<{ name: string }>(
        db,
        sql`select kcu.column_name as name from information_schema.table_constraints tc join information_schema.key_column_usage kcu
              on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema and kcu.table_name = tc.table_name
            where tc.table_schema = current_schema() and tc.table_name = ${table} and tc.constraint_type = 'PRIMARY KEY' order by kcu.ordinal_position`,
      );
      const key = keys.map((k) => k.name);
      return (
        await rows<{ name: string; generated: string }>(db, sql`select column_name as name, is_generated as generated from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`)
      ).map((c) => ({ name: c.name, pk: key.indexOf(c.name) + 1, generated: c.generated === 'ALWAYS' ? 1 : 0 }));
    }
  }
}

async function referencesOf(db: AnyDb, engine: DbType, table: string): Promise<string[]> {
  let targets: string[];
  switch (engine) {
    case 'sqlite':
      targets = (await rows<{ table: string }>(db, sql`select "table" from pragma_foreign_key_list(${table})`)).map((r) => r.table);
      break;
    case 'mysql':
      targets = (
        await rows<{ target: string }>(
          db,
          sql`select referenced_table_name as target from information_schema.key_column_usage where table_schema = database() and table_name = ${table} and referenced_table_name is not null`,
        )
      ).map((r) => r.target);
      break;
    case 'postgres':
      targets = (
        await rows<{ target: string }>(
          db,
          sql`select ccu.table_name as target from information_schema.table_constraints tc join information_schema.constraint_column_usage ccu
                on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
              where tc.table_schema = current_schema() and tc.table_name = ${table} and tc.constraint_type = 'FOREIGN KEY'`,
        )
      ).map((r) => r.target);
      break;
  }
  return [...new Set(targets)].filter((target) => target !== table);
}

/**
 * The copied tables, parents before the tables that refer to them (a depth-first order over the
 * foreign keys; names sorted first so every engine lists them alike).
 */
export async function copiedTables(db: AnyDb): Promise<TableInfo[]> {
  const engine = dialectOf(db);
  const names = (await tableNames(db, engine)).filter(isCopiedTable).sort();
  const infos = new Map<string, TableInfo>();
  for (const name of names) {
    const columns = await columnsOf(db, engine, name);
    const primaryKey = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    if (primaryKey.length === 0) throw new Error(`backup: table ${name} has no primary key, so it cannot be read in pages`);
    infos.set(name, { name, columns: columns.filter((c) => !c.generated).map((c) => c.name).sort(), primaryKey, references: (await referencesOf(db, engine, name)).filter((t) => names.includes(t)).sort() });
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return; // a cycle: the engine's foreign key switch covers it
    visiting.add(name);
    const info = infos.get(name)!;
    for (const parent of info.references) place(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(info);
  };
  for (const name of names) place(name);
  return ordered;
}

/** Whether a table exists (the target's `users` before anything is migrated). */
export async function hasTable(db: AnyDb, name: string): Promise<boolean> {
  return (await tableNames(db, dialectOf(db))).includes(name);
}

/** How many rows a table holds. */
export async function countRows(db: AnyDb, table: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.table(table)}`);
  return Number(row?.n ?? 0);
}

/**
 * Runs `work` inside one read-only snapshot on one connection of `db`: every page read in it
 * sees the database as it was at its first read, whatever the forum writes meanwhile.
 * SQLite: a read transaction (WAL lets writers go on); PostgreSQL: REPEATABLE READ READ ONLY;
 * MariaDB/MySQL: a consistent snapshot (InnoDB's REPEATABLE READ).
 */
export async function inSnapshot<T>(db: AnyDb, work: (connection: AnyDb) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const engine = dialectOf(db);
    if (engine === 'sqlite') await sql`begin`.execute(connection);
    else if (engine === 'postgres') await sql`begin isolation level repeatable read read only`.execute(connection);
    else {
      await sql`set transaction isolation level repeatable read`.execute(connection);
      await sql`start transaction with consistent snapshot, read only`.execute(connection);
    }
    try {
      // SQLite starts its read snapshot at the first read, not at BEGIN: take it now.
      if (engine === 'sqlite') await sql`select count(*) from sqlite_master`.execute(connection);
      return await work(connection);
    } finally {
      await sql`commit`.execute(connection);
    }
  });
}

/** One page of a table's rows after `after` (a primary key's values), in primary key order. */
export async function readPage(db: AnyDb, table: TableInfo, after: unknown[] | null, size: number): Promise<Array<Record<string, unknown>>> {
  const columns = sql.join(table.columns.map((c) => sql.ref(c)));
  const key = sql.join(table.primaryKey.map((c) => sql.ref(c)));
  const order = sql.join(table.primaryKey.map((c) => sql`${sql.ref(c)} asc`));
  const where = after === null ? sql`` : table.primaryKey.length === 1 ? sql`where ${sql.ref(table.primaryKey[0]!)} > ${after[0]}` : sql`where (${key}) > (${sql.join(after)})`;
  return rows(db, sql`select ${columns} from ${sql.table(table.name)} ${where} order by ${order} limit ${size}`);
}

/** Inserts rows given as arrays of values in `columns`' order. */
export async function insertRows(db: AnyDb, table: string, columns: string[], values: unknown[][]): Promise<void> {
  if (values.length === 0) return;
  const tuples = values.map((row) => sql`(${sql.join(row.map((value) => sql`${value}`))})`);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(tuples)}`.execute(db);
}

/** Empties a table (the rows the migrations seed, before a load). */
export async function emptyTable(db: AnyDb, table: string): Promise<void> {
  await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * Turns the foreign key checks of the connection off for a load (rows arrive parents first, but
 * a cycle or a row pointing at a later id of its own table would still trip them) and answers
 * how to turn them back on. PostgreSQL has no switch short of `session_replication_role`, which
 * needs a superuser: without it, the parents-first order is what keeps the load valid.
 */
export async function suspendForeignKeys(connection: AnyDb): Promise<() => Promise<void>> {
  switch (dialectOf(connection)) {
    case 'sqlite':
      await sql`pragma foreign_keys = off`.execute(connection);
      return async () => void (await sql`pragma foreign_keys = on`.execute(connection));
    case 'mysql':
      await sql`set foreign_key_checks = 0`.execute(connection);
      return async () => void (await sql`set foreign_key_checks = 1`.execute(connection));
    case 'postgres':
      try {
        await sql`set session_replication_role = replica`.execute(connection);
        return async () => void (await sql`set session_replication_role = origin`.execute(connection));
      } catch {
        return async () => {};
      }
  }
}

/** Rows whose foreign key names a missing row (SQLite only: the other engines never let one in). */
export async function danglingReferences(connection: AnyDb): Promise<Array<{ table: string; rowid: number; parent: string }>> {
  if (dialectOf(connection) !== 'sqlite') return [];
  return rows(connection, sql`pragma foreign_key_check`);
}

/**
 * Sets each table's next id past the largest loaded one: PostgreSQL's sequences (setval) and
 * MariaDB's AUTO_INCREMENT. SQLite's AUTOINCREMENT follows explicit ids by itself.
 */
export async function resetSequences(db: AnyDb, tables: TableInfo[]): Promise<void> {
  const engine = dialectOf(db);
  for (const table of tables) {
    if (!table.columns.includes('id') || table.primaryKey.join() !== 'id') continue;
    if (engine === 'postgres') {
      const [found] = await rows<{ seq: string | null }>(db, sql`select pg_get_serial_sequence(${table.name}, 'id') as seq`);
      if (!found?.seq) continue;
      await sql`select setval(${found.seq}::regclass, coalesce((select max(id) from ${sql.table(table.name)}), 0) + 1, false)`.execute(db);
    } else if (engine === 'mysql') {
      const [max] = await rows<{ n: number | null }>(db, sql`select max(id) as n from ${sql.table(table.name)}`);
      await sql`alter table ${sql.table(table.name)} auto_increment = ${sql.raw(String(Number(max?.n ?? 0) + 1))}`.execute(db);
    }
  }
}
