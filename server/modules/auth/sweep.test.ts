/** Housekeeping of expired sessions and e-mail codes, on every engine, and its timer in the app. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, uniq } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { insertEmailCode } from './email-codes.repository';
import { EXPIRED_CODE_GRACE_MS, sweepExpired } from './sweep';
import { insertToken } from './tokens.repository';

const HOUR = 3_600_000;

for (const dialect of await testDatabases()) {
  describe(`sweeping expired sessions and e-mail codes [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // The runner on, the sweep's schedule fast: the app runs it on its own.
      t = await createTestApp({ dialect, jobs: 'auto', scheduleEveryMs: { 'auth.sweep': 50 } });
    });
    afterAll(() => t.close());

    /** One session and one code per expiry time, for a fresh user; answers their markers. */
    async function seed(expiries: Record<string, number>) {
      const db = requireDb(t.ctx);
      const { user } = await createUser(t);
      const now = Date.now();
      for (const [label, expireTime] of Object.entries(expiries)) {
        await insertToken(db, { userId: user.id, tokenHash: `${label}-${uniq()}`, expireTime, userAgent: label, ip: '10.0.0.1' }, now);
        await insertEmailCode(db, { userId: user.id, purpose: 'reset', email: label, codeHash: `${label}-${uniq()}`, expireTime }, now);
      }
      const left = async () => ({
        tokens: (await db.selectFrom('user_tokens').select('user_agent').where('user_id', '=', user.id).orderBy('user_agent').execute()).map((r) => r.user_agent),
        codes: (await db.selectFrom('email_codes').select('email').where('user_id', '=', user.id).orderBy('email').execute()).map((r) => r.email),
      });
      return { left };
    }

    it('deletes expired sessions, and codes a week past their expiry; keeps the rest', async () => {
      const now = Date.now() + 10 * 24 * HOUR; // in the future: nothing the app's timer would touch yet
      const { left } = await seed({
        live: now + HOUR,
        expired: now - 1,
        'within-grace': now - EXPIRED_CODE_GRACE_MS + HOUR,
        'past-grace': now - EXPIRED_CODE_GRACE_MS - 1,
      });
      // The code and session of the factory's own sign-in stay (30 days ahead).
      const before = await left();
      expect(before.tokens).toHaveLength(5);

      const swept = await sweepExpired(requireDb(t.ctx), now);
      expect(swept.tokens).toBeGreaterThanOrEqual(3);
      expect(swept.codes).toBeGreaterThanOrEqual(1);
      const after = await left();
      expect(after.tokens).toEqual(['factories', 'live']);
      expect(after.codes).toEqual(['expired', 'live', 'within-grace']);
    });

    it('runs on its own while the app is up', async () => {
      const now = Date.now();
      const { left } = await seed({ live: now + HOUR, stale: now - EXPIRED_CODE_GRACE_MS - HOUR });
      await vi.waitFor(async () => expect(await left()).toEqual({ tokens: ['factories', 'live'], codes: ['live'] }), { timeout: 5_000 });
    });

    // Only SQLite's planner is deterministic on tables this small; the others may scan them.
    if (dialect === 'sqlite') {
      it('finds expired rows through an index, not by reading the tables whole', async () => {
        const db = requireDb(t.ctx);
        for (const table of ['user_tokens', 'email_codes']) {
          const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN DELETE FROM ${sql.table(table)} WHERE expire_time < ${Date.now()}`.execute(db);
          expect(plan.rows.map((r) => r.detail).join(' | ')).toMatch(new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${table}_expire_idx`));
        }
      });
    }
  });
}
