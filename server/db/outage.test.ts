/**
 * A database outage (issue 19: answered 500, a log line per request). First which driver errors
 * mean "unreachable", from the real drivers against real servers; then, on MariaDB and
 * PostgreSQL behind a TCP proxy the test cuts and restores: the API answers 503 with Retry-After
 * in the envelope, a cached page is still served, a page not cached gets the translated
 * "temporarily unavailable" page, the log has one line when it starts and one when it ends, and
 * everything answers 200 again once the database is back. Issue 30: reads, writes and pages
 * answer again within a second of the database doing so (the first query that succeeds ends the
 * outage, not the next probe), and a page a write dropped from the cache is served from its last
 * copy, marked stale, while the database is away. (SQLite is a file: it cannot go away as a
 * server does; its errors are classified below.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MYSQL_ADMIN, PG_ADMIN, createTestDatabase, testDatabases, type TestDatabase } from '../../tests/support/databases';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { fakeSiteBuild } from '../../tests/support/fake-site';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../tests/support/test-app';
import { postTopic } from '../../tests/support/topic-factories';
import { writePersistedConfig } from '../config';
import { PAGE_CACHE_TTL_MS } from '../http/page-cache';
import { siteFromBuild } from '../http/ssr';
import { isDbUnavailable } from './availability';
import { openDatabase } from './open';

const engines = await testDatabases();

async function failureOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('which database errors mean "unreachable"', () => {
  it('SQLite: a file that cannot be opened is; a missing table is not', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-outage-'));
    try {
      expect(isDbUnavailable(await failureOf(() => new SQLite(dir)))).toBe(true); // a directory: SQLITE_CANTOPEN
      const db = new SQLite(':memory:');
      expect(isDbUnavailable(await failureOf(() => db.prepare('select * from nope').all()))).toBe(false);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(engines.includes('mysql'))('MariaDB: refused, killed and closed connections are; a syntax error is not', async () => {
    expect(isDbUnavailable(await failureOf(() => mysql.createConnection({ ...MYSQL_ADMIN, port: 1 })))).toBe(true);
    const admin = await mysql.createConnection(MYSQL_ADMIN);
    const victim = await mysql.createConnection(MYSQL_ADMIN);
    await admin.query(`KILL ${victim.threadId}`);
    expect(isDbUnavailable(await failureOf(() => victim.query('select 1')))).toBe(true);
    expect(isDbUnavailable(await failureOf(() => victim.query('select 1')))).toBe(true); // "closed state"
    expect(isDbUnavailable(await failureOf(() => admin.query('selec 1')))).toBe(false);
    await admin.end();
  });

  it.runIf(engines.includes('postgres'))('PostgreSQL: refused and terminated connections are; a syntax error is not', async () => {
    expect(isDbUnavailable(await failureOf(() => new pg.Client({ ...PG_ADMIN, port: 1 }).connect()))).toBe(true);
    const admin = new pg.Client(PG_ADMIN);
    const victim = new pg.Client(PG_ADMIN);
    await Promise.all([admin.connect(), victim.connect()]);
    const dropped: unknown[] = [];
    victim.on('error', (error) => dropped.push(error));
    const { rows } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dropped.length).toBeGreaterThan(0);
    for (const error of dropped) expect(isDbUnavailable(error)).toBe(true); // 57P01, "Connection terminated unexpectedly"
    expect(isDbUnavailable(await failureOf(() => victim.query('select 1')))).toBe(true);
    expect(isDbUnavailable(await failureOf(() => admin.query('selec 1')))).toBe(false);
    await admin.end();
  });

  it("looks through wrappers: an error's cause, an AggregateError", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDbUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDbUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDbUnavailable(new Error('unrelated'))).toBe(false);
  });
});

/** Log lines at warn and above, parsed. */
function logCollector() {
  const lines: Array<{ level: number; msg: string; [key: string]: unknown }> = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

for (const dialect of engines.filter((engine) => engine !== 'sqlite')) {
  describe(`a database outage [${dialect}]`, () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let t: TestApp;
    let member: CreatedUser;
    const log = logCollector();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-outage-data-'));

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      if (database.config.type === 'sqlite') throw new Error('a server engine');
      proxy = await startTcpProxy({ host: database.config.host, port: database.config.port });
      const proxied = { ...database.config, port: proxy.port };
      await (await openDatabase(proxied)).destroy();
      writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: proxied });
      t = await createTestApp({ reuse: { dataDir, database: { config: proxied, drop: () => database.drop() } }, site: siteFromBuild(fakeSiteBuild()), logStream: log.stream, env: { LOG_LEVEL: 'warn' } });
      t.ctx.pageCache.ttlMs = PAGE_CACHE_TTL_MS;
      member = await createUser(t);
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, Date.now());
    });
    beforeEach(async () => {
      // Each test starts with the database answering and no outage on (whatever the last one left).
      const deadline = Date.now() + 5_000;
      while (t.ctx.dbOutage.down && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After while the database is away, keeps serving cached pages, logs once, and recovers', async () => {
      // Up: the home page is rendered once, then served from the shared cache.
      expect((await t.get('/api/topic/topics')).status).toBe(200);
      expect((await t.get('/')).headers['x-page-cache']).toBe('miss');
      expect((await t.get('/')).headers['x-page-cache']).toBe('hit');
      log.lines.length = 0;

      await proxy.cut();
      const statuses: number[] = [];
      for (let round = 0; round < 5; round++) {
        const api = await t.get('/api/topic/topics');
        expect(api.status).toBe(503);
        expect(api.headers['retry-after']).toBe('5');
        expect(api.body).toEqual({ success: false, errorCode: 0, message: 'The forum is temporarily unavailable. Please try again in a moment.' });
        const signedIn = await t.get('/api/user/current', { token: member.token });
        expect(signedIn.status).toBe(503);

        const cached = await t.get('/');
        expect(cached.status).toBe(200);
        expect(cached.headers['x-page-cache']).toBe('hit');
        // A member's session cannot be checked: the shared copy is still served.
        const memberCached = await t.get('/', { cookies: { sabai_token: member.token } });
        expect(memberCached.status).toBe(200);

        const uncached = await t.get('/topics?tab=recommended', { headers: { 'accept-language': 'zh-CN' } });
        expect(uncached.status).toBe(503);
        expect(uncached.headers['retry-after']).toBe('5');
        expect(uncached.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(uncached.raw.body).toContain('<html lang="zh-CN">');
        expect(uncached.raw.body).toContain('暂时无法访问');
        statuses.push(api.status, signedIn.status, cached.status, memberCached.status, uncached.status);
      }
      const count = (status: number) => statuses.filter((s) => s === status).length;
      expect({ 503: count(503), 200: count(200), 500: count(500) }).toEqual({ 503: 15, 200: 10, 500: 0 });
      expect(log.lines.map((line) => line.msg)).toEqual(['database unreachable: answering 503 until it is back']);

      await proxy.restore();
      const deadline = Date.now() + 10_000;
      while ((await t.get('/api/topic/topics')).status !== 200) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await t.get('/api/user/current', { token: member.token })).status).toBe(200);
      // The outage's second and last line, from the first query that succeeded.
      while (t.ctx.dbOutage.down) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(log.lines.map((line) => line.msg)).toEqual(['database unreachable: answering 503 until it is back', 'database reachable again']);
      expect(log.lines[1]?.answered503).toBeGreaterThanOrEqual(15);
      expect((await t.get('/topics?tab=recommended')).status).toBe(200);
    });

    it('answers reads, writes and pages within a second of the database answering again; the first query that succeeds ends the outage', async () => {
      const topic = await postTopic(t, member.token, { title: 'Back soon' });
      let n = 0;
      const read = async () => (await t.get('/api/topic/topics')).status;
      const write = async () => (await t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: `back ${++n}` }, { token: member.token })).status;
      const page = async () => (await t.get(`/topics?tab=recommended&visit=${++n}`)).status;

      await proxy.cut();
      expect([await read(), await write(), await page()]).toEqual([503, 503, 503]);
      await proxy.restore();
      const restoredAt = performance.now();
      /** How long after the restore `ask` first answered 200, asking every 10 ms. */
      const backAfter = async (ask: () => Promise<number>) => {
        while ((await ask()) !== 200) {
          expect(performance.now() - restoredAt).toBeLessThan(5_000);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return performance.now() - restoredAt;
      };
      let downAfterRead: boolean | undefined;
      const [readBack, writeBack] = await Promise.all([
        backAfter(read).then((ms) => {
          downAfterRead = t.ctx.dbOutage.down;
          return ms;
        }),
        backAfter(write),
      ]);
      // The queries that answered ended the outage: a page renders now, not at the next probe.
      expect(downAfterRead).toBe(false);
      expect(await page()).toBe(200);
      const pageBack = await backAfter(page);
      expect(Math.max(readBack, writeBack, pageBack)).toBeLessThan(1_000);
    });

    it('serves the last copy of a page a comment dropped, marked stale, while the database is away; the fresh page once it is back', async () => {
      const topic = await postTopic(t, member.token, { title: 'Still readable' });
      const url = `/topic/${topic}`;
      expect((await t.get(url)).headers['x-page-cache']).toBe('miss');
      const cached = await t.get(url);
      expect(cached.headers['x-page-cache']).toBe('hit');
      const commented = await t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: 'drops the page' }, { token: member.token });
      expect(commented.status).toBe(200);

      await proxy.cut();
      const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
      const stale = await t.get(url);
      expect(stale.status).toBe(200);
      expect(stale.headers['x-page-cache']).toBe('stale');
      expect(stale.headers['cache-control']).toBe('no-store');
      expect(withoutNonce(stale.raw.body)).toBe(withoutNonce(cached.raw.body));
      // A member whose session cannot be checked reads the same shared copy, kept by nobody.
      const asMember = await t.get(url, { cookies: { sabai_token: member.token } });
      expect([asMember.status, asMember.headers['x-page-cache'], asMember.headers['cache-control']]).toEqual([200, 'stale', 'private, no-store']);
      expect(asMember.raw.body).not.toContain('data-viewer="member"');
      // A page never rendered has no copy: the "temporarily unavailable" page.
      expect((await t.get(`/topic/${topic}?never=1`)).status).toBe(503);

      await proxy.restore();
      while ((await t.get('/api/topic/topics')).status !== 200) await new Promise((resolve) => setTimeout(resolve, 10));
      const fresh = await t.get(url);
      expect([fresh.status, fresh.headers['x-page-cache']]).toEqual([200, 'miss']);
      expect((await t.get(url)).headers['x-page-cache']).toBe('hit');
    });
  });
}
