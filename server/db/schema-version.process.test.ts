/**
 * The schema's version at the edges an operator touches (ADR 0043), with real processes:
 *  - the server refuses to start on a database a newer Sabai upgraded (its migration table names
 *    migrations this code lacks): exit 78, a message naming them and what to do, nothing changed;
 *    on each engine, since reading the migration table is the engine's own introspection;
 *  - `npm run migrate`, `npm run reindex` and `npm run setup` refuse it the same way (exit 1), and
 *    the web installer answers 409 with the same words, translated;
 *  - `npm run migrate -- --dry-run` lists the pending migrations in order and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../tests/support/databases';
import { FIRST_RELEASE_MIGRATIONS, LAST_FIRST_RELEASE_MIGRATION } from '../../tests/support/first-release';
import { spawnSourceServer } from '../../tests/support/server-process';
import { createTestApp } from '../../tests/support/test-app';
import { writePersistedConfig, type DbConfig } from '../config';
import { createDatabase } from './database';
import { appliedMigrations, knownMigrations, migrateToLatest, migrateUpTo } from './migrate';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Names a later Sabai might have added: they sort after every migration this code has. */
const FUTURE = ['2099010101_from_a_newer_sabai', '2099010102_and_another'];

/** A database at the newest schema plus migrations from the future, as a newer version leaves it. */
async function upgradeByNewerVersion(config: DbConfig): Promise<void> {
  const db = createDatabase(config, { poolSize: 1 });
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    await db.insertInto('kysely_migration' as never).values(FUTURE.map((name) => ({ name, timestamp: now })) as never).execute();
  } finally {
    await db.destroy();
  }
}

async function applied(config: DbConfig): Promise<string[]> {
  const db = createDatabase(config, { poolSize: 1 });
  try {
    return await appliedMigrations(db);
  } finally {
    await db.destroy();
  }
}

/** Runs one of the CLIs from its source, as `npm run …` does, on the forum in `dataDir`. */
function cli(script: string, args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function installedDataDir(config: DbConfig): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-data-'));
  writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: config });
  return dataDir;
}

const REFUSAL = [/newer version of Sabai/, /2099010101_from_a_newer_sabai, 2099010102_and_another/, /Nothing was changed/, /restore the backup/, /docs\/operations\/upgrades\.md/];

for (const dialect of await testDatabases()) {
  describe(`a schema newer than the code [${dialect}]`, () => {
    let database: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await upgradeByNewerVersion(database.config);
      dataDir = installedDataDir(database.config);
    });
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });

    it('the server refuses to start: exit 78, the unknown migrations named, what to do', async () => {
      const server = await spawnSourceServer({ dataDir });
      try {
        const exit = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000))]);
        expect(exit, server.output()).not.toBeNull();
        expect(exit!.code, server.output()).toBe(78);
        const output = server.output();
        expect(output).toMatch(/^Sabai cannot start: /m);
        for (const pattern of REFUSAL) expect(output).toMatch(pattern);
        // One clear paragraph, not a stack trace.
        expect(output).not.toMatch(/\n\s+at /);
      } finally {
        await server.kill();
      }
      expect(await applied(database.config)).toEqual([...knownMigrations(), ...FUTURE].sort());
    }, 90_000);
  });
}

describe('the CLIs and the schema version [sqlite]', () => {
  const databases: TestDatabase[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const database of databases) await database.drop();
  });
  async function forum(): Promise<{ config: DbConfig; dataDir: string }> {
    const database = await createTestDatabase('sqlite');
    databases.push(database);
    const dataDir = installedDataDir(database.config);
    dirs.push(dataDir);
    return { config: database.config, dataDir };
  }

  it('migrate --dry-run lists the pending migrations in order and changes nothing; migrate then applies exactly those', async () => {
    const { config, dataDir } = await forum();
    const db = createDatabase(config, { poolSize: 1 });
    await migrateUpTo(db, LAST_FIRST_RELEASE_MIGRATION);
    await db.destroy();
    const pending = knownMigrations().filter((name) => !(FIRST_RELEASE_MIGRATIONS as readonly string[]).includes(name));

    const dry = cli('server/db/migrate-cli.ts', ['--dry-run'], dataDir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`${pending.length} migrations would run, in this order (dry run: nothing was changed):`);
    expect(dry.stdout.trim().split('\n').slice(1).map((line) => line.trim())).toEqual(pending);
    expect(await applied(config)).toEqual([...FIRST_RELEASE_MIGRATIONS]);

    const real = cli('server/db/migrate-cli.ts', [], dataDir);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout.trim().split('\n')).toEqual(pending.map((name) => `Success: ${name}`));
    expect(await applied(config)).toEqual(knownMigrations());

    const again = cli('server/db/migrate-cli.ts', ['--dry-run'], dataDir);
    expect(again.stdout.trim()).toBe('Schema is up to date: nothing would run.');
    // A mistyped option is refused rather than taken for a real run.
    const typo = cli('server/db/migrate-cli.ts', ['--dryrun'], dataDir);
    expect([typo.code, typo.stderr]).toEqual([2, expect.stringContaining('Unknown option --dryrun')]);
  }, 120_000);

  it('migrate, migrate --dry-run, reindex and setup refuse a newer schema with the same message (exit 1)', async () => {
    const { config, dataDir } = await forum();
    await upgradeByNewerVersion(config);
    for (const args of [[], ['--dry-run']]) {
      const run = cli('server/db/migrate-cli.ts', args, dataDir);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      for (const pattern of REFUSAL) expect(run.stderr).toMatch(pattern);
    }
    const reindex = cli('server/modules/search/reindex-cli.ts', [], dataDir);
    expect(reindex.code, reindex.stdout + reindex.stderr).toBe(1);
    for (const pattern of REFUSAL) expect(reindex.stderr).toMatch(pattern);

    // The headless installer pointed at that database (a data directory not installed yet).
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'sabai-data-'));
    dirs.push(fresh);
    const file = config.type === 'sqlite' ? config.file : '';
    const setup = cli('server/modules/install/setup-cli.ts', ['--data-dir', fresh, '--database-url', `sqlite:${file}`, '--site-title', 'Again', '--admin-username', 'again', '--admin-password', 'again-pass-123'], fresh);
    expect(setup.code, setup.stdout + setup.stderr).toBe(1);
    for (const pattern of REFUSAL) expect(setup.stderr).toMatch(pattern);
    expect(await applied(config)).toEqual([...knownMigrations(), ...FUTURE].sort());
  }, 120_000);

  it('the web installer answers 409 with the translated refusal, and installs nothing', async () => {
    const t = await createTestApp({ installed: false });
    try {
      const file = path.join(t.dataDir, 'newer.db');
      await upgradeByNewerVersion({ type: 'sqlite', file });
      const body = { db: { type: 'sqlite', database: 'newer.db' }, siteTitle: 'Again', siteDescription: '', adminUsername: 'again', adminPassword: 'again-pass-123', adminPasswordConfirm: 'again-pass-123', language: 'en-US' };
      const res = await t.post('/api/install/install', body);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.errorCode).toBe(9);
      for (const pattern of REFUSAL) expect(res.body.message).toMatch(pattern);
      const zh = await t.post('/api/install/install', body, { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.message).toContain('更新版本的 Sabai');
      expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
      expect(await applied({ type: 'sqlite', file })).toEqual([...knownMigrations(), ...FUTURE].sort());
    } finally {
      await t.close();
    }
  });
});
