/**
 * The proof-of-work challenge over HTTP on every engine (issue 28): sign-up and the password reset
 * request need a solved challenge of this site (400 naming `altcha`, translated) — verified
 * (signature, solution), refused when expired, when tampered with, and when replayed; switched
 * off in the settings, neither asks for it and no challenge is served. Solved here as the
 * widget's workers do (altcha-lib's solver, SHA-256).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeView } from '../../../common/views/defences';
import { testDatabases } from '../../../tests/support/databases';
import { DEFAULT_PASSWORD, randomIp, uniqueEmail } from '../../../tests/support/factories';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { CHALLENGE_TTL_MS } from './challenge.service';
import { challengeSweepSchedule } from './challenge.feature';

for (const dialect of await testDatabases()) {
  describe(`proof-of-work challenge [${dialect}]`, () => {
    let t: TestApp;
    let now = Date.now();

    beforeAll(async () => {
      t = await createTestApp({ dialect, defences: 'on', clock: { now: () => now } });
    });
    afterAll(() => t?.close());

    async function solved(): Promise<string> {
      const res = await t.get<ChallengeView>('/api/auth/challenge', { remoteAddress: randomIp() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      const challenge = res.body.data! as Challenge;
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution).not.toBeNull();
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }

    const signUp = (altcha: string | undefined, locale = 'en-US') =>
      t.post('/api/login/signup', { nickname: `P${Math.random().toString(36).slice(2, 8)}`, email: uniqueEmail('pow'), password: DEFAULT_PASSWORD, rePassword: DEFAULT_PASSWORD, ...(altcha === undefined ? {} : { altcha }) }, { remoteAddress: randomIp(), headers: { 'accept-language': locale } });
    const resetRequest = (altcha: string | undefined) => t.post('/api/login/send_reset_password_email', { email: uniqueEmail('pow'), ...(altcha === undefined ? {} : { altcha }) }, { remoteAddress: randomIp() });

    it('sign-up without a solution: 400 naming `altcha`, translated; nothing written', async () => {
      const before = await requireDb(t.ctx).selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const missing = await signUp(undefined);
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.altcha).toMatch(/not a robot/);
      expect((await signUp(undefined, 'zh-CN')).body.fields?.altcha).toMatch(/人机验证/);
      expect((await signUp('bm90IGpzb24=')).body.fields?.altcha).toMatch(/did not pass/);
      const after = await requireDb(t.ctx).selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('a solved challenge lets the sign-up through; the same solution again is refused (replay)', async () => {
      const altcha = await solved();
      const first = await signUp(altcha);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await signUp(altcha);
      expect(again.status).toBe(400);
      expect(again.body.fields?.altcha).toMatch(/already used/);
    });

    it('a tampered challenge (its parameters changed, or a made-up solution) is refused', async () => {
      const payload = JSON.parse(Buffer.from(await solved(), 'base64').toString()) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
      const cheaper = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 1 } } };
      expect((await signUp(Buffer.from(JSON.stringify(cheaper)).toString('base64'))).body.fields?.altcha).toMatch(/did not pass/);
      const guessed = { ...payload, solution: { counter: 1, derivedKey: '00'.repeat(32) } };
      expect((await signUp(Buffer.from(JSON.stringify(guessed)).toString('base64'))).body.fields?.altcha).toMatch(/did not pass/);
    });

    it('an expired challenge is refused, even solved and never used', async () => {
      const altcha = await solved();
      now += CHALLENGE_TTL_MS + 1000;
      try {
        const res = await signUp(altcha);
        expect(res.status).toBe(400);
        expect(res.body.fields?.altcha).toMatch(/expired/);
      } finally {
        now -= CHALLENGE_TTL_MS + 1000;
      }
    });

    it('the password reset request needs one too (the same answer with it, whatever the address)', async () => {
      expect((await resetRequest(undefined)).body.fields).toHaveProperty('altcha');
      expect((await resetRequest(await solved())).status).toBe(200);
    });

    it('spent solutions are swept once their challenge expired', async () => {
      const db = requireDb(t.ctx);
      const count = async () => Number((await db.selectFrom('challenge_uses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count()).toBeGreaterThan(0);
      now += CHALLENGE_TTL_MS + 1000;
      try {
        await challengeSweepSchedule.job.run({}, t.ctx, { attempt: 1, id: 0 } as never);
        expect(await count()).toBe(0);
      } finally {
        now -= CHALLENGE_TTL_MS + 1000;
      }
    });

    it('switched off in the settings: sign-up and reset ask for nothing, and no challenge is served', async () => {
      await writeTestSettings(t, { challenge: { enabled: false } }, now);
      try {
        expect((await signUp(undefined)).status).toBe(200);
        expect((await resetRequest(undefined)).status).toBe(200);
        expect((await t.get('/api/auth/challenge')).status).toBe(403);
      } finally {
        await writeTestSettings(t, { challenge: { enabled: true } }, now);
      }
    });
  });
}
