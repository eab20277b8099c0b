import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MYSQL_ADMIN, createTestDatabase, testDatabases, type TestDatabase } from '../../../tests/support/databases';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { readPersistedConfig, type DbConfig } from '../../config';
import { createDatabase, type Database } from '../../db/database';
import { AppError } from '../../infra/errors';
import { verifyPassword } from '../auth/password';
import { countAdmins, findUserByUsername } from '../users/users.repository';
import { lockFilePath } from './install-lock';
import { findInstallMarker } from './install.repository';
import { installForum, type InstallRequest } from './install.service';
import { runSetup } from './setup';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'secret123';
/** Another application's table where Sabai's first migration creates its own: a real failure after connecting. */
const FOREIGN_USERS_TABLE = 'create table users (id integer primary key, login text not null)';

/** The installer's `db` fields for the test's database (SQLite: a file in DATA_DIR). */
function dbBody(t: TestApp): Record<string, unknown> {
  const c = t.database.config;
  if (c.type === 'sqlite') return { type: 'sqlite', database: 'sabai.db' };
  return { type: c.type, host: c.host, port: c.port, database: c.database, username: c.username, password: c.password };
}

/** Where an install through `dbBody(t)` puts the forum. */
function targetConfig(t: TestApp): DbConfig {
  const c = t.database.config;
  return c.type === 'sqlite' ? { type: 'sqlite', file: path.join(t.dataDir, 'sabai.db') } : c;
}

function installBody(t: TestApp, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    db: dbBody(t),
    siteTitle: 'Sabai Test',
    siteDescription: 'A forum under test',
    adminUsername: 'admin1',
    adminPassword: PASSWORD,
    adminPasswordConfirm: PASSWORD,
    language: 'zh-CN',
    ...overrides,
  };
}

function databaseUrl(c: DbConfig): string {
  if (c.type === 'sqlite') return `sqlite:${c.file}`;
  return `${c.type}://${encodeURIComponent(c.username)}:${encodeURIComponent(c.password)}@${c.host}:${c.port}/${c.database}`;
}

/** Opens the target database directly, runs `fn`, closes it. */
async function withDb<T>(config: DbConfig, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = createDatabase(config, { poolSize: 1 });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

async function tableCount(db: Database, table: 'users' | 'settings'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The admin can sign in: by the stored row (role admin, argon2id hash of the password) and
 * through POST /api/login/signin, whose session then answers user/current as that admin.
 */
async function expectAdminSignsIn(t: TestApp, username: string, password: string): Promise<void> {
  const db = t.ctx.state.db;
  expect(db).not.toBeNull();
  const row = await findUserByUsername(db!, username);
  expect(row).toMatchObject({ username, nickname: username, role: 'admin', status: 0, email_verified: 0 });
  expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  expect(await verifyPassword(row!.password_hash!, password)).toBe(true);
  expect(await verifyPassword(row!.password_hash!, `${password}x`)).toBe(false);
  const res = await t.post<{ token: string; user: { role: string } }>('/api/login/signin', { username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data?.user.role).toBe('admin');
  const current = await t.get<{ username: string; role: string }>('/api/user/current', { token: res.body.data!.token });
  expect(current.body.data).toMatchObject({ username, role: 'admin' });
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/modules/install/setup-cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

for (const dialect of await testDatabases()) {
  describe(`installer [${dialect}]`, () => {
    describe('before install', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ dialect, installed: false });
      });
      afterAll(() => t.close());

      it('gates the API: 428 everywhere but config/configs and install/*', async () => {
        const current = await t.get('/api/user/current');
        expect(current.status).toBe(428);
        expect(current.body).toMatchObject({ success: false, errorCode: 8, message: 'The forum is not installed yet' });
        const zh = await t.get('/api/user/current', { headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.message).toBe('论坛尚未安装');
        const configs = await t.get<{ installed: boolean }>('/api/config/configs');
        expect(configs.status).toBe(200);
        expect(configs.body.data?.installed).toBe(false);
        const status = await t.get('/api/install/status');
        expect(status.body).toEqual({ success: true, data: { installed: false, databaseFixed: false, databaseType: null } });
      });

      const cases: Array<{ name: string; body: Record<string, unknown>; field: string; en: string; zh: string }> = [
        { name: 'missing database', body: { db: undefined }, field: 'db', en: 'Please fill in the complete database information', zh: '请填写完整的数据库信息' },
        {
          name: 'incomplete server database',
          body: { db: { type: 'mysql', host: '127.0.0.1', port: '', database: 'x', username: 'u' } },
          field: 'db.port',
          en: 'Please fill in the complete database information',
          zh: '请填写完整的数据库信息',
        },
        { name: 'bad port', body: { db: { type: 'postgres', host: 'h', port: '99999', database: 'x', username: 'u' } }, field: 'db.port', en: 'The port must be a number from 1 to 65535', zh: '端口必须是 1 到 65535 之间的数字' },
        { name: 'unknown engine', body: { db: { type: 'oracle' } }, field: 'db.type', en: 'Please choose SQLite, MySQL or PostgreSQL', zh: '请选择 SQLite、MySQL 或 PostgreSQL' },
        { name: 'SQLite file outside DATA_DIR', body: { db: { type: 'sqlite', database: '/tmp/elsewhere.db' } }, field: 'db.database', en: 'The SQLite file must be a .db, .sqlite or .sqlite3 file inside the data directory', zh: 'SQLite 文件必须是数据目录中的 .db、.sqlite 或 .sqlite3 文件' },
        { name: 'SQLite file escaping DATA_DIR', body: { db: { type: 'sqlite', database: '../up.db' } }, field: 'db.database', en: 'The SQLite file must be a .db, .sqlite or .sqlite3 file inside the data directory', zh: 'SQLite 文件必须是数据目录中的 .db、.sqlite 或 .sqlite3 文件' },
        { name: 'SQLite file over config.json', body: { db: { type: 'sqlite', database: 'config.json' } }, field: 'db.database', en: 'The SQLite file must be a .db, .sqlite or .sqlite3 file inside the data directory', zh: 'SQLite 文件必须是数据目录中的 .db、.sqlite 或 .sqlite3 文件' },
        { name: 'missing site name', body: { siteTitle: '  ' }, field: 'siteTitle', en: 'Please fill in the site name', zh: '请填写站点名称' },
        { name: 'long site name', body: { siteTitle: 'x'.repeat(65) }, field: 'siteTitle', en: 'The site name can be at most 64 characters', zh: '站点名称最多 64 个字符' },
        { name: 'missing admin username', body: { adminUsername: '' }, field: 'adminUsername', en: 'Please fill in the admin username', zh: '请填写管理员用户名' },
        {
          name: 'admin username breaking the username rule',
          body: { adminUsername: '1admin' },
          field: 'adminUsername',
          en: 'The username must be 5 to 12 letters, digits, _ or -, starting with a letter',
          zh: '用户名须为 5 到 12 个字母、数字、_ 或 -，并以字母开头',
        },
        { name: 'admin username over 12 characters', body: { adminUsername: 'administrator' }, field: 'adminUsername', en: 'The username can be at most 12 characters', zh: '用户名最多 12 个字符' },
        { name: 'missing admin password', body: { adminPassword: '' }, field: 'adminPassword', en: 'Please fill in the admin password', zh: '请填写管理员密码' },
        { name: 'short admin password', body: { adminPassword: '12345', adminPasswordConfirm: '12345' }, field: 'adminPassword', en: 'The password must be at least 6 characters', zh: '密码至少 6 个字符' },
        { name: 'missing confirmation', body: { adminPasswordConfirm: '' }, field: 'adminPasswordConfirm', en: 'Please confirm the admin password', zh: '请确认管理员密码' },
        { name: 'mismatching confirmation', body: { adminPasswordConfirm: 'secret124' }, field: 'adminPasswordConfirm', en: 'The two passwords entered do not match', zh: '两次输入的密码不一致' },
        { name: 'bad admin e-mail', body: { adminEmail: 'not-an-email' }, field: 'adminEmail', en: 'Please enter a valid e-mail address', zh: '请输入有效的邮箱地址' },
        { name: 'unknown language', body: { language: 'fr-FR' }, field: 'language', en: 'Please choose English, Simplified Chinese or Thai', zh: '请选择 English、简体中文或 ไทย' },
      ];
      cases.forEach((c, index) => {
        it(`validates: ${c.name} (en-US and zh-CN)`, async () => {
          const body = installBody(t, c.body);
          for (const [lang, message] of [
            ['en-US', c.en],
            ['zh-CN', c.zh],
          ] as const) {
            const res = await t.post('/api/install/install', body, { headers: { 'accept-language': lang }, remoteAddress: `10.1.${index}.1` });
            expect(res.status, JSON.stringify(res.body)).toBe(400);
            expect(res.body).toMatchObject({ success: false, errorCode: 5, message });
            expect(res.body.fields).toEqual({ [c.field]: message });
          }
          expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
          expect(t.ctx.state.installed).toBe(false);
        });
      });

      it('answers a Thai browser in Thai, naming the field (issue 31)', async () => {
        const res = await t.post('/api/install/install', installBody(t, { siteTitle: '  ' }), { headers: { 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' }, remoteAddress: '10.3.0.1' });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ siteTitle: 'โปรดกรอกชื่อเว็บไซต์' });
        expect(t.ctx.state.installed).toBe(false);
      });

      it('reports every invalid field at once', async () => {
        const res = await t.post('/api/install/install', { db: { type: 'mysql' }, adminPassword: '123' }, { remoteAddress: '10.2.0.1' });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['adminPassword', 'adminPasswordConfirm', 'adminUsername', 'db.database', 'db.host', 'db.port', 'db.username', 'siteTitle']);
      });

      it('tests the connection for real and creates nothing', async () => {
        const res = await t.post('/api/install/test_db_connection', dbBody(t));
        expect(res.body).toEqual({ success: true, data: { ok: true } });
        if (dialect === 'sqlite') expect(existsSync(path.join(t.dataDir, 'sabai.db'))).toBe(false);
      });

      it("answers a failed connection with the driver's reason, in the request's locale", async () => {
        let body: Record<string, unknown>;
        let reason: RegExp;
        if (dialect === 'sqlite') {
          writeFileSync(path.join(t.dataDir, 'garbage.db'), 'this is not a database, just text '.repeat(100));
          body = { type: 'sqlite', database: 'garbage.db' };
          reason = /not a database/;
        } else if (dialect === 'mysql') {
          body = { ...dbBody(t), password: 'wrong-password' };
          reason = /Access denied for user/;
        } else {
          // The local PostgreSQL trusts 127.0.0.1 (any password passes), so a bad role stands in.
          body = { ...dbBody(t), username: 'sabai_no_such_role' };
          reason = /role "sabai_no_such_role" does not exist/;
        }
        const en = await t.post('/api/install/test_db_connection', body);
        expect(en.status).toBe(400);
        expect(en.body).toMatchObject({ success: false, errorCode: 0 });
        expect(en.body.message).toMatch(/^Database connection failed: /);
        expect(en.body.message).toMatch(reason);
        const zh = await t.post('/api/install/test_db_connection', body, { cookies: { locale: 'zh-CN' } });
        expect(zh.body.message).toMatch(/^数据库连接失败：/);
        expect(zh.body.message).toMatch(reason);
      });

      if (dialect !== 'sqlite') {
        it('names a missing database', async () => {
          const res = await t.post('/api/install/test_db_connection', { ...dbBody(t), database: 'sabai_no_such_db' });
          expect(res.status).toBe(400);
          expect(res.body.message).toMatch(/Database connection failed: .*sabai_no_such_db/);
        });
      }
    });

    it('installs: schema, settings, admin, config.json, live at once; install/* then 403', async () => {
      const t = await createTestApp({ dialect, installed: false });
      try {
        const res = await t.post('/api/install/install', installBody(t, { adminEmail: 'Admin@Example.com' }));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({ success: true, data: { installed: true, adopted: false } });

        const persisted = readPersistedConfig(t.dataDir);
        expect(persisted).toMatchObject({ installed: true, database: targetConfig(t) });
        expect(existsSync(lockFilePath(t.dataDir))).toBe(false);

        const configs = await t.get<Record<string, unknown>>('/api/config/configs');
        expect(configs.body.data).toMatchObject({ installed: true, siteTitle: 'Sabai Test', siteDescription: 'A forum under test', language: 'zh-CN' });
        // The site default language now applies to a request that names none.
        const gone = await t.get('/api/nope');
        expect(gone.body.message).toContain('接口不存在');

        const current = await t.get('/api/user/current');
        expect(current.status).toBe(200);
        expect(current.body).toEqual({ success: true, data: null });

        const db = t.ctx.state.db!;
        expect(await countAdmins(db)).toBe(1);
        expect(await tableCount(db, 'users')).toBe(1);
        expect((await findUserByUsername(db, 'admin1'))?.email).toBe('admin@example.com');
        expect(await findInstallMarker(db)).toMatchObject({ installedAt: expect.any(Number) });
        // The Web Push key pair is made with the site (modules/push), kept and never shown.
        const vapid = await db.selectFrom('site_secrets').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
        expect(JSON.parse(vapid.value)).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/), privateKey: expect.stringMatching(/^[\w-]{43}$/) });
        await expectAdminSignsIn(t, 'admin1', PASSWORD);
        // The seeded default node speaks the forum's language.
        const nodes = await t.get<Array<{ name: string }>>('/api/topic/nodes');
        expect(nodes.body.data!.map((n) => n.name)).toEqual(['综合']);

        for (const [method, url] of [
          ['GET', '/api/install/status'],
          ['POST', '/api/install/test_db_connection'],
          ['POST', '/api/install/install'],
        ] as const) {
          const after = await t.request(method, url, { body: method === 'POST' ? installBody(t) : undefined });
          expect(after.status, url).toBe(403);
          expect(after.body).toMatchObject({ success: false, errorCode: 2, message: '论坛已经安装' });
        }
        expect(await countAdmins(db)).toBe(1);
      } finally {
        await t.close();
      }
    });

    it('serializes concurrent installs: one succeeds, the rest see 403, one admin', async () => {
      const t = await createTestApp({ dialect, installed: false });
      try {
        const results = await Promise.all(
          [1, 2, 3, 4, 5].map((i) => t.post('/api/install/install', installBody(t, { adminUsername: `admin${i}`, siteTitle: `Site ${i}` }))),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([200, 403, 403, 403, 403]);
        for (const r of results.filter((x) => x.status === 403)) expect(r.body.errorCode).toBe(2);
        const winner = results.findIndex((r) => r.status === 200) + 1;

        const db = t.ctx.state.db!;
        expect(await countAdmins(db)).toBe(1);
        expect(await tableCount(db, 'users')).toBe(1);
        expect((await findUserByUsername(db, `admin${winner}`))?.role).toBe('admin');
        expect(readPersistedConfig(t.dataDir)).toMatchObject({ installed: true, database: targetConfig(t) });
        const configs = await t.get<{ siteTitle: string }>('/api/config/configs');
        expect(configs.body.data?.siteTitle).toBe(`Site ${winner}`);
      } finally {
        await t.close();
      }
    });

    it('leaves a failed install uninstalled and re-runnable (bad credentials, then success)', async () => {
      const t = await createTestApp({ dialect, installed: false });
      try {
        let bad: Record<string, unknown>;
        if (dialect === 'sqlite') {
          writeFileSync(path.join(t.dataDir, 'broken.db'), 'not a database '.repeat(200));
          bad = { type: 'sqlite', database: 'broken.db' };
        } else if (dialect === 'mysql') {
          bad = { ...dbBody(t), password: 'wrong-password' };
        } else {
          bad = { ...dbBody(t), database: 'sabai_no_such_db' };
        }
        const failed = await t.post('/api/install/install', installBody(t, { db: bad }));
        expect(failed.status).toBe(400);
        expect(failed.body.message).toMatch(/^Database connection failed: /);
        expect(t.ctx.state.installed).toBe(false);
        expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
        expect(existsSync(lockFilePath(t.dataDir))).toBe(false);
        expect((await t.get('/api/user/current')).status).toBe(428);
        expect((await t.get<{ installed: boolean }>('/api/install/status')).body.data?.installed).toBe(false);

        const retry = await t.post('/api/install/install', installBody(t));
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        await expectAdminSignsIn(t, 'admin1', PASSWORD);
      } finally {
        await t.close();
      }
    });

    it('rolls back everything when the database fails mid-way (no admin without settings, no config)', async () => {
      const t = await createTestApp({ dialect, installed: false });
      try {
        const request: InstallRequest = {
          database: targetConfig(t),
          siteTitle: 'Half',
          siteDescription: '',
          language: 'en-US',
          adminUsername: 'admin1',
          adminPassword: PASSWORD,
        };
        const deps = { dataDir: t.dataDir, now: () => Date.now() };
        const error = await installForum(request, {
          ...deps,
          faults: {
            beforeCommit: async () => {
              throw new Error('Connection lost: The server closed the connection.');
            },
          },
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        // The answer is generic; the driver's text travels only as the cause, for the log.
        expect(error).toMatchObject({ status: 500, messageKey: 'install.errors.internal', params: {} });
        expect((error as AppError).cause).toMatchObject({ message: 'Connection lost: The server closed the connection.' });
        expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
        expect(existsSync(lockFilePath(t.dataDir))).toBe(false);
        await withDb(targetConfig(t), async (db) => {
          expect(await tableCount(db, 'users')).toBe(0);
          expect(await tableCount(db, 'settings')).toBe(0);
        });

        const retry = await t.post('/api/install/install', installBody(t));
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        expect(await tableCount(t.ctx.state.db!, 'users')).toBe(1);
      } finally {
        await t.close();
      }
    });

    if (dialect === 'mysql') {
      it('survives the database being dropped mid-way, then installs once it is back', async () => {
        const t = await createTestApp({ dialect, installed: false });
        const name = (t.database.config as { database: string }).database;
        try {
          const error = await installForum(
            { database: t.database.config, siteTitle: 'Gone', siteDescription: '', language: 'en-US', adminUsername: 'admin1', adminPassword: PASSWORD },
            {
              dataDir: t.dataDir,
              now: () => Date.now(),
              faults: {
                afterMigrate: async () => {
                  const admin = await mysql.createConnection(MYSQL_ADMIN);
                  await admin.query(`DROP DATABASE \`${name}\``);
                  await admin.end();
                },
              },
            },
          ).catch((e: unknown) => e);
          expect(error).toMatchObject({ status: 500, messageKey: 'install.errors.internal' });
          expect(String((error as AppError).cause)).toMatch(/Unknown database|doesn't exist|ER_BAD_DB/i);
          expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
          expect(t.ctx.state.installed).toBe(false);

          const admin = await mysql.createConnection(MYSQL_ADMIN);
          await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
          await admin.end();
          const retry = await t.post('/api/install/install', installBody(t));
          expect(retry.status, JSON.stringify(retry.body)).toBe(200);
          await expectAdminSignsIn(t, 'admin1', PASSWORD);
        } finally {
          await t.close();
        }
      });
    }

    it('keeps the installation across a restart', async () => {
      const first = await createTestApp({ dialect, installed: false });
      let second: TestApp | null = null;
      try {
        expect((await first.post('/api/install/install', installBody(first, { siteTitle: 'Persisted' }))).status).toBe(200);
        await first.stop();
        second = await createTestApp({ dialect, installed: true, reuse: { dataDir: first.dataDir, database: first.database } });
        expect(second.ctx.state.installed).toBe(true);
        const configs = await second.get<Record<string, unknown>>('/api/config/configs');
        expect(configs.body.data).toMatchObject({ installed: true, siteTitle: 'Persisted', language: 'zh-CN' });
        expect((await second.get('/api/install/status')).status).toBe(403);
        await expectAdminSignsIn(second, 'admin1', PASSWORD);
      } finally {
        await (second ?? first).close();
      }
    });

    it('never gives a database a second admin across processes; its own admin may attach to it', async () => {
      const { first, second, drop } = await sharedApps(dialect);
      try {
        const status = await first.get('/api/install/status');
        expect(status.body.data).toEqual({ installed: false, databaseFixed: true, databaseType: dialect });
        // The form's database is ignored when DATABASE_URL fixes it.
        const body = (password: string) => ({ siteTitle: 'Shared', adminUsername: 'admin1', adminPassword: password, adminPasswordConfirm: password, language: 'en-US' });
        // A database the form sends anyway must still be well-formed (one schema reads every body), then goes unused.
        const malformed = await first.post('/api/install/install', { ...body(PASSWORD), db: { type: 'oracle' } });
        expect(malformed.status).toBe(400);
        expect(malformed.body.fields).toEqual({ 'db.type': 'Please choose SQLite, MySQL or PostgreSQL' });
        let results;
        if (dialect === 'sqlite') {
          // Two SQLite connections in one thread would block each other's busy waits, so the
          // real cross-process race is run by the CLI test; here they go one after the other.
          results = [await first.post('/api/install/install', body(PASSWORD)), await second.post('/api/install/install', body('other-password'))];
        } else {
          results = await Promise.all([first.post('/api/install/install', body(PASSWORD)), second.post('/api/install/install', body('other-password'))]);
        }
        const statuses = results.map((r) => r.status).sort();
        expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409]);
        const refused = results.find((r) => r.status === 409)!;
        expect(refused.body).toMatchObject({ errorCode: 9 });
        expect(refused.body.message).toMatch(/already holds a Sabai installation/);
        const winner = results[0]!.status === 200 ? first : second;
        const loser = winner === first ? second : first;
        expect(loser.ctx.state.installed).toBe(false);
        expect(existsSync(path.join(loser.dataDir, 'config.json'))).toBe(false);
        expect(await countAdmins(winner.ctx.state.db!)).toBe(1);

        // The loser attaches with the winner's admin credentials: no new admin, settings kept.
        const winnerPassword = winner === first ? PASSWORD : 'other-password';
        const adopt = await loser.post('/api/install/install', { ...body(winnerPassword), siteTitle: 'Ignored' });
        expect(adopt.status, JSON.stringify(adopt.body)).toBe(200);
        expect(adopt.body.data).toEqual({ installed: true, adopted: true });
        expect(loser.ctx.state.installed).toBe(true);
        expect(readPersistedConfig(loser.dataDir)?.installed).toBe(true);
        expect(await countAdmins(loser.ctx.state.db!)).toBe(1);
        expect((await loser.get<{ siteTitle: string }>('/api/config/configs')).body.data?.siteTitle).toBe('Shared');
      } finally {
        await drop();
      }
    });

    it('installs headless with `npm run setup` (same service), idempotently', { timeout: 180_000 }, async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-cli-'));
      const database: TestDatabase =
        dialect === 'sqlite'
          ? { config: { type: 'sqlite', file: path.join(dataDir, 'forum.db') }, drop: async () => {} }
          : await createTestDatabase(dialect);
      let t: TestApp | null = null;
      try {
        const args =
          dialect === 'sqlite'
            ? ['--db-type', 'sqlite', '--db-file', 'forum.db']
            : ['--database-url', databaseUrl(database.config)];
        const run = await runCli([...args, '--site-title', 'CLI forum', '--admin-username', 'root_admin', '--language', 'zh-CN'], {
          DATA_DIR: dataDir,
          SABAI_ADMIN_PASSWORD: PASSWORD,
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain('Sabai 安装成功');
        expect(run.stdout).toContain('root_admin');
        expect(run.stdout).not.toContain(PASSWORD);
        expect(readPersistedConfig(dataDir)).toMatchObject({ installed: true, database: database.config });

        const again = await runCli(['--site-title', 'X', '--admin-username', 'other_admin'], { DATA_DIR: dataDir, SABAI_ADMIN_PASSWORD: PASSWORD });
        expect(again.code).toBe(0);
        expect(again.stdout).toContain('already installed');

        t = await createTestApp({ dialect, installed: true, reuse: { dataDir, database } });
        const configs = await t.get<Record<string, unknown>>('/api/config/configs');
        expect(configs.body.data).toMatchObject({ installed: true, siteTitle: 'CLI forum', language: 'zh-CN' });
        expect(await countAdmins(t.ctx.state.db!)).toBe(1);
        await expectAdminSignsIn(t, 'root_admin', PASSWORD);
      } finally {
        if (t) await t.close();
        else await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

/** Two apps (separate DATA_DIRs) whose DATABASE_URL names one fresh database. */
async function sharedApps(dialect: DbConfig['type']): Promise<{ first: TestApp; second: TestApp; drop: () => Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const url = databaseUrl(database.config);
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'sabai-a-')), mkdtempSync(path.join(os.tmpdir(), 'sabai-b-'))];
  const [first, second] = await Promise.all(dirs.map((dataDir) => createTestApp({ dialect, installed: false, reuse: { dataDir, database }, env: { DATABASE_URL: url } })));
  return {
    first: first!,
    second: second!,
    drop: async () => {
      await first!.stop();
      await second!.stop();
      await database.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('installer guards (engine-independent)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', installed: false });
  });
  afterAll(() => t.close());

  it('refuses unreachable servers quickly with the reason', async () => {
    for (const type of ['mysql', 'postgres'] as const) {
      const started = Date.now();
      const res = await t.post('/api/install/test_db_connection', { type, host: '127.0.0.1', port: 1, database: 'x', username: 'u' }, { remoteAddress: '10.3.0.1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Database connection failed: .*ECONNREFUSED/);
      expect(Date.now() - started).toBeLessThan(6000);
    }
  });

  it('rate-limits connection tests per IP', async () => {
    const body = { type: 'sqlite', database: 'probe.db' };
    for (let i = 0; i < 20; i++) {
      const res = await t.post('/api/install/test_db_connection', body, { remoteAddress: '10.4.0.1' });
      expect(res.status).toBe(200);
    }
    const limited = await t.post('/api/install/test_db_connection', body, { remoteAddress: '10.4.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.errorCode).toBe(7);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post('/api/install/test_db_connection', body, { remoteAddress: '10.4.0.2' })).status).toBe(200);
  });

  it('answers a failure after connecting with a generic 500 naming the request id; the log has the cause', { timeout: 60_000 }, async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logged = await createTestApp({ dialect: 'sqlite', installed: false, logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }, env: { LOG_LEVEL: 'error' } });
    try {
      // A real SQLite file (the connection works) holding another application's `users` table:
      // the first migration fails with the driver's text, which must not reach the page. (A
      // migration table naming migrations this version does not know is a refusal of its own,
      // 409: server/db/schema-version.process.test.ts.)
      const sqlite = new SQLite(path.join(logged.dataDir, 'foreign.db'));
      sqlite.exec(FOREIGN_USERS_TABLE);
      sqlite.close();
      const body = installBody(logged, { db: { type: 'sqlite', database: 'foreign.db' } });
      const res = await logged.post('/api/install/install', body, { headers: { 'x-request-id': 'install-fail-1' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        errorCode: 0,
        message: 'Installation failed because of a server error. The details are in the server log (request id install-fail-1).',
      });
      expect(res.raw.body).not.toMatch(/already exists|users|kysely|migration|foreign\.db|sabai-data-/i);
      const zh = await logged.post('/api/install/install', body, { cookies: { locale: 'zh-CN' }, headers: { 'x-request-id': 'install-fail-2' } });
      expect(zh.body.message).toBe('安装因服务器错误而失败，详情见服务器日志（请求 ID install-fail-2）。');

      const line = lines.find((l) => l.reqId === 'install-fail-1' && l.level === 50);
      expect(line, JSON.stringify(lines)).toBeDefined();
      expect(JSON.stringify(line)).toContain('table \\"users\\" already exists');
      expect(logged.ctx.state.installed).toBe(false);
      expect(existsSync(path.join(logged.dataDir, 'config.json'))).toBe(false);
    } finally {
      await logged.close();
    }
  });

  it('prints the cause of such a failure on the command line, where the operator reads it', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-cli-'));
    try {
      const sqlite = new SQLite(path.join(dataDir, 'foreign.db'));
      sqlite.exec(FOREIGN_USERS_TABLE);
      sqlite.close();
      const err: string[] = [];
      const code = await runSetup(['--site-title', 'X', '--admin-username', 'admin1', '--db-file', 'foreign.db', '--public-url', 'http://localhost:3000'], { DATA_DIR: dataDir, SABAI_ADMIN_PASSWORD: PASSWORD }, { out: () => {}, err: (line) => err.push(line) });
      expect(code).toBe(1);
      expect(err.join('\n')).toMatch(/^Installation failed: Migration 2026112201_foundation failed: table "users" already exists/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('waits for another process holding the install lock, and ignores a dead one', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(lockFilePath(t.dataDir), JSON.stringify({ pid: holder.pid, host: os.hostname(), time: Date.now() }));
      const busy = await t.post('/api/install/install', installBody(t), { remoteAddress: '10.5.0.1' });
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({ errorCode: 9, message: 'Another installation is in progress. Please retry in a moment.' });
      expect(existsSync(path.join(t.dataDir, 'config.json'))).toBe(false);
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => holder.once('exit', resolve));
    // The holder died without releasing: its lock is stale and the install proceeds.
    expect(existsSync(lockFilePath(t.dataDir))).toBe(true);
    const res = await t.post('/api/install/install', installBody(t), { remoteAddress: '10.5.0.1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(existsSync(lockFilePath(t.dataDir))).toBe(false);
  });

  it('runs two headless installs into one SQLite file at once: one admin, one refusal', { timeout: 180_000 }, async () => {
    const dirs = [mkdtempSync(path.join(os.tmpdir(), 'sabai-x-')), mkdtempSync(path.join(os.tmpdir(), 'sabai-y-'))];
    const file = path.join(dirs[0]!, 'shared.db');
    try {
      const runs = await Promise.all(
        dirs.map((dir, i) =>
          runCli(['--site-title', `Race ${i}`, '--admin-username', `admin${i}`], { DATA_DIR: dir, DATABASE_URL: `sqlite:${file}`, SABAI_ADMIN_PASSWORD: `${PASSWORD}${i}` }),
        ),
      );
      const codes = runs.map((r) => r.code).sort();
      expect(codes, JSON.stringify(runs)).toEqual([0, 1]);
      const loser = runs.find((r) => r.code === 1)!;
      expect(loser.stderr).toContain('already holds a Sabai installation');
      await withDb({ type: 'sqlite', file }, async (db) => {
        expect(await countAdmins(db)).toBe(1);
        expect(await tableCount(db, 'users')).toBe(1);
      });
      expect(dirs.filter((dir) => existsSync(path.join(dir, 'config.json')))).toHaveLength(1);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports CLI input errors per flag and exits 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-cli-'));
    try {
      const run = await runCli(['--site-title', 'X', '--admin-username', 'ab'], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('--admin-username: The username must be at least 5 characters');
      expect(run.stderr).toContain('--admin-password: Please fill in the admin password');
      expect(existsSync(path.join(dataDir, 'config.json'))).toBe(false);
      const unknown = await runCli(['--nope'], { DATA_DIR: dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Usage: npm run setup');
      expect(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).toContain('server/modules/install/setup-cli.ts');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
