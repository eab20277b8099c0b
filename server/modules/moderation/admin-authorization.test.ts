/**
 * Authorization matrix of the back office's members, bans, audit log, forbidden words, jobs,
 * backups, caches and the process's memory (`/api/admin/user/…`, `users…`, `words…`,
 * `audit_logs`, `jobs…`, `backups…`, `caches`, `system/…`; issues 16, 17, 26, 32 and 33): every route, read or
 * write, × {anonymous, member, banned, unverified, moderator, admin}. Each cell acts on its own
 * fresh target, checks the status and errorCode, and that a refused call changed nothing. A
 * route of these families without a row fails the suite.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, uniq, type CreatedUser } from '../../../tests/support/factories';
import { servedRoutes } from '../../../tests/support/routes';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';

type Actor = 'anonymous' | 'member' | 'banned' | 'unverified' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'member', 'banned', 'unverified', 'moderator', 'admin'];
type Expect = Record<Actor, [number, number?]>;

/** Moderators and admins (the back office). */
const STAFF: Expect = { anonymous: [401, 1], member: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [200], admin: [200] };
/** Admins only (roles, manual verification, changing the forbidden words, jobs, backups, the memory figures). */
const ADMIN: Expect = { ...STAFF, moderator: [403, 2] };

/** The route families this matrix covers (other back-office screens keep matrices of their own): each of their routes needs a row. */
const FAMILIES = ['/api/admin/user/', '/api/admin/users', '/api/admin/words', '/api/admin/audit_logs', '/api/admin/jobs', '/api/admin/backups', '/api/admin/caches', '/api/admin/system'];

interface Row {
  route: string;
  expect: Expect;
  /** A fresh target; the request (GET: `query`) and a probe of what it changes. */
  prepare(): Promise<{ path: string; body?: Record<string, unknown>; query?: Record<string, string>; probe: () => Promise<unknown> }>;
}

for (const dialect of await testDatabases()) {
  describe(`authorization matrix: the back office [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    const users = {} as Record<Exclude<Actor, 'anonymous'>, CreatedUser>;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      users.member = await createUser(t);
      users.banned = await createUser(t, { banned: true });
      users.unverified = await createUser(t, { verified: false });
      users.moderator = await createUser(t, { role: 'moderator' });
      users.admin = await createUser(t, { role: 'admin' });
    });
    afterAll(() => t.close());

    const nothing = async () => null;
    const userState = (id: number) => db.selectFrom('users').select(['role', 'email_verified', 'forbidden_until']).where('id', '=', id).executeTakeFirstOrThrow();
    const wordState = (id: number) => db.selectFrom('forbidden_words').select(['pattern', 'action']).where('id', '=', id).executeTakeFirst();
    async function freshWord(): Promise<number> {
      const now = t.ctx.clock.now();
      const pattern = `w${uniq()}`;
      await db.insertInto('forbidden_words').values({ pattern, kind: 'word', action: 'review', created_by: null, create_time: now, update_time: now }).execute();
      return (await db.selectFrom('forbidden_words').select('id').where('pattern', '=', pattern).executeTakeFirstOrThrow()).id;
    }
    const jobState = (id: number) => db.selectFrom('jobs').select(['status', 'retries']).where('id', '=', id).executeTakeFirst();
    /** A failed job, as one whose attempts all failed is left (never run: the suite's runner is manual). */
    async function failedJob(): Promise<number> {
      const now = t.ctx.clock.now();
      const marker = `matrix-${uniq()}`;
      await db
        .insertInto('jobs')
        .values({ name: 'auth.sweep', payload: '{}', status: 'failed', max_attempts: 1, backoff_ms: 1_000, run_at: now, claim: null, last_error: marker, dedupe_key: null, create_time: now, update_time: now })
        .execute();
      return (await db.selectFrom('jobs').select('id').where('last_error', '=', marker).executeTakeFirstOrThrow()).id;
    }

    const backupState = (id: number) => db.selectFrom('backups').select(['status']).where('id', '=', id).executeTakeFirst();
    const backupCount = async () => (await db.selectFrom('backups').select('id').execute()).length;
    const backupSettings = () => db.selectFrom('settings').select('value').where('key', '=', 'backups').executeTakeFirst();
    /** A finished archive, its file in DATA_DIR/backups. */
    async function doneBackup(): Promise<number> {
      const now = t.ctx.clock.now();
      const fileName = `matrix-${uniq()}.tar.gz`;
      mkdirSync(path.join(t.dataDir, 'backups'), { recursive: true });
      writeFileSync(path.join(t.dataDir, 'backups', fileName), 'not really an archive');
      await db.insertInto('backups').values({ file_name: fileName, status: 'done', origin: 'manual', size: 21, schema_version: '2026120701_backups', create_time: now, update_time: now }).execute();
      return (await db.selectFrom('backups').select('id').where('file_name', '=', fileName).executeTakeFirstOrThrow()).id;
    }
    let keep = 1;

    const rows: Row[] = [
      { route: 'GET /api/admin/users', expect: STAFF, prepare: async () => ({ path: '/api/admin/users', query: { q: 'x' }, probe: nothing }) },
      { route: 'GET /api/admin/users/banned', expect: STAFF, prepare: async () => ({ path: '/api/admin/users/banned', probe: nothing }) },
      { route: 'GET /api/admin/audit_logs', expect: STAFF, prepare: async () => ({ path: '/api/admin/audit_logs', probe: nothing }) },
      { route: 'GET /api/admin/words', expect: STAFF, prepare: async () => ({ path: '/api/admin/words', probe: nothing }) },
      {
        route: 'GET /api/admin/user/ban_state',
        expect: STAFF,
        prepare: async () => ({ path: '/api/admin/user/ban_state', query: { userId: String((await createUser(t)).user.id) }, probe: nothing }),
      },
      {
        route: 'POST /api/admin/user/ban',
        expect: STAFF,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/admin/user/ban', body: { userId: target.user.id, days: 7, reason: 'Matrix' }, probe: () => userState(target.user.id) };
        },
      },
      {
        route: 'POST /api/admin/user/warn',
        expect: STAFF,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/admin/user/warn', body: { userId: target.user.id, reason: 'Matrix' }, probe: () => db.selectFrom('user_warnings').select('id').where('user_id', '=', target.user.id).execute() };
        },
      },
      {
        route: 'POST /api/admin/user/unban',
        expect: STAFF,
        async prepare() {
          const target = await createUser(t, { banned: true });
          return { path: '/api/admin/user/unban', body: { userId: target.user.id }, probe: () => userState(target.user.id) };
        },
      },
      {
        route: 'POST /api/admin/user/role',
        expect: ADMIN,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/admin/user/role', body: { userId: target.user.id, role: 'moderator' }, probe: () => userState(target.user.id) };
        },
      },
      {
        route: 'POST /api/admin/user/verify_email',
        expect: ADMIN,
        async prepare() {
          const target = await createUser(t, { verified: false });
          return { path: '/api/admin/user/verify_email', body: { userId: target.user.id }, probe: () => userState(target.user.id) };
        },
      },
      {
        route: 'POST /api/admin/words/create',
        expect: ADMIN,
        async prepare() {
          const pattern = `new${uniq()}`;
          return { path: '/api/admin/words/create', body: { pattern, kind: 'word', action: 'refuse' }, probe: () => db.selectFrom('forbidden_words').select('id').where('pattern', '=', pattern).execute() };
        },
      },
      {
        route: 'POST /api/admin/words/update',
        expect: ADMIN,
        async prepare() {
          const id = await freshWord();
          return { path: '/api/admin/words/update', body: { id, pattern: `changed${uniq()}`, kind: 'word', action: 'refuse' }, probe: () => wordState(id) };
        },
      },
      {
        route: 'POST /api/admin/words/delete',
        expect: ADMIN,
        async prepare() {
          const id = await freshWord();
          return { path: '/api/admin/words/delete', body: { id }, probe: () => wordState(id) };
        },
      },
      { route: 'GET /api/admin/jobs', expect: ADMIN, prepare: async () => ({ path: '/api/admin/jobs', query: { list: 'failed' }, probe: nothing }) },
      {
        route: 'POST /api/admin/jobs/:id/retry',
        expect: ADMIN,
        async prepare() {
          const id = await failedJob();
          return { path: `/api/admin/jobs/${id}/retry`, probe: () => jobState(id) };
        },
      },
      {
        route: 'POST /api/admin/jobs/retry_failed',
        expect: ADMIN,
        async prepare() {
          const id = await failedJob();
          return { path: '/api/admin/jobs/retry_failed', probe: () => jobState(id) };
        },
      },
      { route: 'GET /api/admin/caches', expect: STAFF, prepare: async () => ({ path: '/api/admin/caches', probe: nothing }) },
      { route: 'GET /api/admin/system/memory', expect: ADMIN, prepare: async () => ({ path: '/api/admin/system/memory', probe: nothing }) },
      { route: 'GET /api/admin/backups', expect: ADMIN, prepare: async () => ({ path: '/api/admin/backups', probe: nothing }) },
      {
        route: 'GET /api/admin/backups/:id/download',
        expect: ADMIN,
        async prepare() {
          const id = await doneBackup();
          return { path: `/api/admin/backups/${id}/download`, probe: nothing };
        },
      },
      {
        route: 'POST /api/admin/backups/settings',
        expect: ADMIN,
        async prepare() {
          keep += 1;
          return { path: '/api/admin/backups/settings', body: { schedule: 'daily', hour: 3, weekday: 0, keep }, probe: backupSettings };
        },
      },
      {
        route: 'POST /api/admin/backups/start',
        expect: ADMIN,
        async prepare() {
          // One backup at a time: the admin's call must find none running (the suite's runner never runs the job).
          await db.deleteFrom('backups').where('status', '=', 'running').execute();
          return { path: '/api/admin/backups/start', probe: backupCount };
        },
      },
      {
        // Admins only; this app keeps backups on the disk, so the admin's call is refused as
        // having no bucket to test (the bucket's own answers: backups.bucket.test.ts).
        route: 'POST /api/admin/backups/test_store',
        expect: { ...ADMIN, admin: [409, 9] },
        prepare: async () => ({ path: '/api/admin/backups/test_store', probe: nothing }),
      },
      {
        route: 'POST /api/admin/backups/:id/delete',
        expect: ADMIN,
        async prepare() {
          const id = await doneBackup();
          return { path: `/api/admin/backups/${id}/delete`, probe: () => backupState(id) };
        },
      },
    ];

    it('has a row for every route of its families', () => {
      const covered = new Set(rows.map((row) => row.route));
      const served = servedRoutes(t.app).filter((route) => FAMILIES.some((family) => route.split(' ')[1]!.startsWith(family)));
      expect(served.length).toBeGreaterThanOrEqual(rows.length);
      expect(served.filter((route) => !covered.has(route))).toEqual([]);
    });

    for (const row of rows) {
      it(row.route, async () => {
        for (const actor of ACTORS) {
          const { path, body, query, probe } = await row.prepare();
          const before = JSON.stringify(await probe());
          const token = actor === 'anonymous' ? undefined : users[actor].token;
          const res = row.route.startsWith('GET ') ? await t.get(path, { token, query }) : await t.post(path, body ?? {}, { token });
          const [status, errorCode] = row.expect[actor];
          expect(res.status, `${row.route} as ${actor}: ${JSON.stringify(res.body)}`).toBe(status);
          if (errorCode !== undefined) {
            expect(res.body.errorCode, `${row.route} as ${actor}`).toBe(errorCode);
            expect(JSON.stringify(await probe()), `${row.route} as ${actor} changed nothing`).toBe(before);
          } else if (row.route.startsWith('POST ')) {
            expect(JSON.stringify(await probe()), `${row.route} as ${actor} changed something`).not.toBe(before);
          }
        }
      });
    }
  });
}
