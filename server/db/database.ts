/**
 * Opens the one database handle of the process, for whichever dialect the config names.
 * SQLite (better-sqlite3, WAL, foreign keys on) is the embedded default; MySQL/MariaDB (mysql2)
 * and PostgreSQL (pg) are the server options.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type KyselyConfig, MysqlAdapter, MysqlDialect, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type * as Mysql2 from 'mysql2';
import type * as Pg from 'pg';
import type { DbConfig, DbType } from '../config';
import { lazyPackage } from '../infra/lazy-package';
import { BoundedMap, ENTRY_OVERHEAD, stringBytes, type BoundedStats } from '../infra/bounded-map';
import type { DB } from './schema';

export type Database = Kysely<DB>;
export type Tx = Transaction<DB>;

// The server engines' drivers load only when configured (most forums run on SQLite).
const mysql2 = lazyPackage<typeof Mysql2>('mysql2');
const loadPg = lazyPackage<typeof Pg>('pg');
function pgDriver(): typeof Pg {
  const pg = loadPg();
  // PostgreSQL answers BIGINT (our epoch-ms times, ids, COUNT(*)) as strings to protect precision.
  // Our values stay far below 2^53, so read them as numbers, as SQLite and mysql2 already do.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  return pg;
}

export interface OpenOptions {
  /** Pool size for MySQL/PostgreSQL. */
  poolSize?: number;
  /** Told about connections the server dropped (PostgreSQL); default: print a warning. */
  onConnectionError?: (error: Error) => void;
  /**
   * Told about every query that succeeded, with how long it took (MySQL, PostgreSQL): the app
   * ends a database outage at the first one (db/outage.ts) instead of waiting for its probe.
   */
  onQuerySucceeded?: (durationMs: number) => void;
}

/** Kysely's query log, as the hook for `onQuerySucceeded` (no hook: no logging, Kysely's fast path). */
function queryLog(options: OpenOptions): KyselyConfig['log'] {
  const onQuerySucceeded = options.onQuerySucceeded;
  if (!onQuerySucceeded) return undefined;
  return (event) => {
    if (event.level === 'query') onQuerySucceeded(event.queryDurationMillis);
  };
}

/** What a prepared statement is charged: its SQL text, and SQLite's compiled program (estimated high, a few KB and more for longer SQL). */
function statementBytes(source: string): number {
  return ENTRY_OVERHEAD + stringBytes(source) + 4096 + 16 * source.length;
}

/** Room for some hundreds of statements: the app's queries are a few hundred shapes. */
export const STATEMENT_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** Each SQLite database's statement cache, for the memory figures (`preparedStatementStats`). */
const statementCaches = new WeakMap<Database, BoundedMap<string, SQLite.Statement>>();

/**
 * Kysely prepares every SQLite statement anew; compiling SQL is most of a small query's cost.
 * Reuse prepared statements by their SQL text (bounded in bytes, least recently used out; issue
 * 32: an `in (?, ?, …)` list makes a new text for each length). Safe: Kysely runs one statement
 * at a time on its single connection, and SQLite re-prepares a statement by itself when the
 * schema changes.
 */
function cachePreparedStatements(sqlite: SQLite.Database, maxBytes = STATEMENT_CACHE_MAX_BYTES): BoundedMap<string, SQLite.Statement> {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new BoundedMap<string, SQLite.Statement>(maxBytes, statementBytes);
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.touch(source);
    } else {
      statement = prepare(source);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return cache;
}

/** The prepared statements a SQLite database keeps (null on other engines: their drivers keep none here). */
export function preparedStatementStats(db: Database): BoundedStats | null {
  return statementCaches.get(db)?.stats() ?? null;
}

export function createDatabase(config: DbConfig, options: OpenOptions = {}): Database {
  const poolSize = options.poolSize ?? 10;
  options = { onConnectionError: (error) => console.warn(`database connection dropped: ${error.message}`), ...options };
  switch (config.type) {
    case 'sqlite': {
      mkdirSync(path.dirname(config.file), { recursive: true });
      const sqlite = new SQLite(config.file);
      // WAL: readers never wait for the writer, and a commit appends its pages to the log
      // instead of rewriting the file. NORMAL: in WAL mode a commit is not synced; the log is
      // synced at each checkpoint, so a power loss may take back the last commits but never
      // corrupts the file (a process crash loses nothing). Checkpoints every 4,000 pages (16 MB of
      // log) instead of SQLite's 1,000: a checkpoint runs inside whichever commit crosses the mark,
      // on the one thread, and at 1,000 pages they stalled a reply burst for 0.5–0.8 s in every 10 s
      // (bench/comments.ts: 929–952 → 1,304–1,326 replies/s with the other issue-32 changes; issue 32).
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('synchronous = NORMAL');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('wal_autocheckpoint = 4000');
      const statements = cachePreparedStatements(sqlite);
      const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
      statementCaches.set(db, statements);
      return db;
    }
    case 'mysql':
      return new Kysely<DB>({
        dialect: new MysqlDialect({
          pool: mysql2().createPool({
            host: config.host,
            port: config.port,
            database: config.database,
            user: config.username,
            password: config.password,
            connectionLimit: poolSize,
            charset: 'utf8mb4',
            timezone: 'Z',
            supportBigNumbers: true,
            bigNumberStrings: false,
            connectTimeout: 5000,
          }),
        }),
        log: queryLog(options),
      });
    case 'postgres': {
      const pool = new (pgDriver().Pool)({
        host: config.host,
        port: config.port,
        database: config.database,
        user: config.username,
        password: config.password,
        max: poolSize,
        connectionTimeoutMillis: 5000,
      });
      // A connection killed by the server (restart, pg_terminate_backend) emits 'error' on the
      // pool (idle clients) or on the client (checked out); unhandled, it would crash the
      // process. The failed query still rejects, so logging is all that is needed here.
      const onError = (error: Error) => options.onConnectionError?.(error);
      pool.on('error', onError);
      pool.on('connect', (client) => client.on('error', onError));
      return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) });
    }
  }
}

/** Which engine a handle (or a transaction on it) talks to; for the few dialect-specific SQL bits. */
export function dialectOf(db: Kysely<DB> | Kysely<unknown>): DbType {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof MysqlAdapter) return 'mysql';
  if (adapter instanceof PostgresAdapter) return 'postgres';
  return 'sqlite';
}
