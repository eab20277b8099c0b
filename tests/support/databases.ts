/**
 * Real databases for tests: a fresh SQLite file, or a fresh database on the local MariaDB and
 * PostgreSQL servers (created per suite, dropped after). SQLite always runs; the others run when
 * reachable, and must be reachable in CI (CI=true), where an absent server fails the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DbConfig, DbType } from '../../server/config';

export const MYSQL_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
export const PG_ADMIN = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'postgres' };

export interface TestDatabase {
  config: DbConfig;
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `sabai_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

export async function createTestDatabase(type: DbType): Promise<TestDatabase> {
  switch (type) {
    case 'sqlite': {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-db-'));
      return { config: { type: 'sqlite', file: path.join(dir, 'test.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    }
    case 'mysql': {
      const name = uniqueName();
      const admin = await mysql.createConnection(MYSQL_ADMIN);
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await admin.end();
      return {
        config: { type: 'mysql', host: MYSQL_ADMIN.host, port: MYSQL_ADMIN.port, database: name, username: MYSQL_ADMIN.user, password: '' },
        drop: async () => {
          const c = await mysql.createConnection(MYSQL_ADMIN);
          await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await c.end();
        },
      };
    }
    case 'postgres': {
      const name = uniqueName();
      const admin = new pg.Client(PG_ADMIN);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      return {
        config: { type: 'postgres', host: PG_ADMIN.host, port: PG_ADMIN.port, database: name, username: PG_ADMIN.user, password: '' },
        drop: async () => {
          const c = new pg.Client(PG_ADMIN);
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await c.end();
        },
      };
    }
  }
}

async function reachable(type: DbType): Promise<string | null> {
  try {
    if (type === 'mysql') {
      const c = await mysql.createConnection({ ...MYSQL_ADMIN, connectTimeout: 2000 });
      await c.end();
    } else if (type === 'postgres') {
      const c = new pg.Client({ ...PG_ADMIN, connectionTimeoutMillis: 2000 });
      await c.connect();
      await c.end();
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

let cached: Promise<DbType[]> | null = null;

/**
 * The engines this run tests on. TEST_DATABASES (comma list) narrows it; by default all three,
 * skipping an unreachable server with a printed reason, except in CI where that is a failure.
 */
export function testDatabases(): Promise<DbType[]> {
  cached ??= (async () => {
    const wanted = (process.env.TEST_DATABASES ?? 'sqlite,mysql,postgres').split(',').map((s) => s.trim()) as DbType[];
    const result: DbType[] = [];
    for (const type of wanted) {
      const problem = await reachable(type);
      if (!problem) result.push(type);
      else if (process.env.CI) throw new Error(`${type} is required in CI but unreachable: ${problem}`);
      else console.warn(`[tests] skipping ${type}: ${problem}`);
    }
    return result;
  })();
  return cached;
}
