/**
 * Two-factor authentication and passkeys on every engine (issue 29), over HTTP with a settable
 * clock: TOTP set up (the seed answered once, never again), confirmed, a code never taken twice,
 * recovery codes single use, the second step's ticket (single use, 5 minutes, 5 tries), turning
 * TOTP off; passkeys registered and used with a software authenticator (real ES256 keys, real
 * CBOR, verified by @simplewebauthn/server: no stubbed verifier), the challenge used once, the
 * origin checked; "sign out elsewhere"; the staff requirement; an admin's reset; and the
 * authorization matrix of every route of the feature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewActions } from '../../../common/actions/review';
import type { SecondFactorNeeded, SessionAnswer } from '../../../common/views/auth';
import type { RecoveryCodes, SecurityView, TotpSetup, WebAuthnOptions } from '../../../common/views/security';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { mutatingRoutes } from '../../../tests/support/routes';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { SoftwareAuthenticator } from '../../../tests/support/webauthn-authenticator';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { forgetSecurityOf, hasPasskey } from './security.api';
import { totpCodeAt } from './totp';

const START = 1_800_000_000_000;
const ORIGIN = 'https://forum.example';
const FAMILIES = ['/api/user/security', '/api/login/second_factor', '/api/login/passkey', '/api/admin/two_factor/'];

for (const dialect of await testDatabases()) {
  describe(`two-factor and passkeys [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    /** Moves the clock to the start of a fresh TOTP step. */
    const nextStep = () => {
      clock = (Math.floor(clock / 30_000) + 1) * 30_000 + 1_000;
    };

    const state = (who: CreatedUser | string) => t.get<SecurityView>('/api/user/security', { token: typeof who === 'string' ? who : who.token });
    const signIn = (who: CreatedUser) => t.post<SessionAnswer | SecondFactorNeeded>('/api/login/signin', { username: who.email, password: who.password });
    const second = (ticket: string, code: string) => t.post<SessionAnswer>('/api/login/second_factor', { ticket, code });

    /** TOTP on for `who`: the seed and the recovery codes. */
    async function enrol(who: CreatedUser, endOtherSessions = false): Promise<{ secret: string; codes: string[] }> {
      const setup = await t.post<TotpSetup>('/api/user/security/totp/setup', {}, { token: who.token });
      expect(setup.status).toBe(200);
      const secret = setup.body.data!.secret;
      nextStep();
      const confirmed = await t.post<RecoveryCodes>('/api/user/security/totp/confirm', { code: await totpCodeAt(secret, clock), endOtherSessions }, { token: who.token });
      expect(confirmed.status).toBe(200);
      return { secret, codes: confirmed.body.data!.codes };
    }

    async function ticketFor(who: CreatedUser): Promise<string> {
      const answer = await signIn(who);
      expect(answer.status).toBe(200);
      const data = answer.body.data as SecondFactorNeeded;
      expect(data.secondFactor).toBe(true);
      return data.ticket;
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock }, env: { PUBLIC_URL: ORIGIN } });
      db = requireDb(t.ctx);
      // Every call here comes from one address: the per-IP sign-in rule (its own suite tests it) stays out of the way.
      const rateLimits = { ...(await t.ctx.settings.get(db)).rateLimits, signinPerIp: { max: 10_000, windowMs: 60_000 } };
      await writeTestSettings(t, { rateLimits }, clock);
    });
    afterAll(() => t.close());

    it('sets TOTP up: the seed answered once with its QR code, on only after a right code, ten recovery codes once', async () => {
      const alice = await createUser(t);
      const setup = await t.post<TotpSetup>('/api/user/security/totp/setup', {}, { token: alice.token });
      const { secret, uri, qrSvg } = setup.body.data!;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(qrSvg).toContain('<svg');
      // Not on before it is confirmed; the seed is never in the state.
      const before = await state(alice);
      expect(before.body.data).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: [] });
      expect(JSON.stringify(before.body)).not.toContain(secret);
      expect((await signIn(alice)).body.data).toHaveProperty('token');

      nextStep();
      const wrong = await t.post('/api/user/security/totp/confirm', { code: '000000' === (await totpCodeAt(secret, clock)) ? '111111' : '000000' }, { token: alice.token });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields?.code).toBeTruthy();
      const bad = await t.post('/api/user/security/totp/confirm', { code: '12ab' }, { token: alice.token });
      expect(bad.status).toBe(400);

      const confirmed = await t.post<RecoveryCodes>('/api/user/security/totp/confirm', { code: await totpCodeAt(secret, clock) }, { token: alice.token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data!.codes).toHaveLength(10);
      expect(new Set(confirmed.body.data!.codes).size).toBe(10);
      expect(confirmed.body.data!.security).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
      // Stored hashed: no code in the table.
      const rows = await db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', alice.user.id).execute();
      expect(rows).toHaveLength(10);
      for (const code of confirmed.body.data!.codes) expect(rows.map((r) => r.code_hash)).not.toContain(code);
      // A second setup while on is refused.
      expect((await t.post('/api/user/security/totp/setup', {}, { token: alice.token })).status).toBe(409);
      const after = await state(alice);
      expect(JSON.stringify(after.body)).not.toContain(secret);
    });

    it('asks for the second step after the password: no token, no cookie; the code opens the session once', async () => {
      const bob = await createUser(t);
      const { secret } = await enrol(bob);
      const answer = await signIn(bob);
      expect(answer.status).toBe(200);
      const data = answer.body.data as SecondFactorNeeded;
      expect(data).not.toHaveProperty('token');
      expect(data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.redirect).toBe(`/user/signin/second-factor?ticket=${data.ticket}&redirect=%2F`);
      expect(answer.cookies.find((c) => c.name === 'sabai_token')).toBeUndefined();
      // The ticket is stored hashed.
      expect(await db.selectFrom('second_factor_tickets').select('id').where('ticket_hash', '=', data.ticket).executeTakeFirst()).toBeUndefined();

      // The code confirming the setup was this step's: not taken again.
      const reused = await second(data.ticket, await totpCodeAt(secret, clock));
      expect(reused.status).toBe(400);
      nextStep();
      const code = await totpCodeAt(secret, clock);
      const opened = await second(data.ticket, code);
      expect(opened.status).toBe(200);
      expect(opened.body.data!.user.id).toBe(bob.user.id);
      expect(opened.cookies.find((c) => c.name === 'sabai_token')?.value).toBe(opened.body.data!.token);
      expect((await state(opened.body.data!.token)).status).toBe(200);
      // The ticket is spent; and the same code on a new ticket is refused (one code, one use).
      expect((await second(data.ticket, code)).status).toBe(400);
      expect((await second(await ticketFor(bob), code)).status).toBe(400);
      // A code from the step before or after still counts (±1 step), once.
      const ticket = await ticketFor(bob);
      clock += 30_000;
      expect((await second(ticket, await totpCodeAt(secret, clock - 30_000))).status).toBe(400); // that step was taken
      expect((await second(ticket, await totpCodeAt(secret, clock + 30_000))).status).toBe(200);
    });

    it('takes each recovery code once', async () => {
      const carol = await createUser(t);
      const { codes } = await enrol(carol);
      const first = await second(await ticketFor(carol), codes[0]!.toUpperCase());
      expect(first.status).toBe(200);
      const again = await second(await ticketFor(carol), codes[0]!);
      expect(again.status).toBe(400);
      expect(again.body.fields?.code).toBeTruthy();
      expect((await second(await ticketFor(carol), codes[1]!.replace('-', ''))).status).toBe(200);
      expect((await state(carol)).body.data!.recoveryCodesLeft).toBe(8);
    });

    it('ends a ticket after five minutes or five tries', async () => {
      const dave = await createUser(t);
      const { secret } = await enrol(dave);
      const expiring = await ticketFor(dave);
      clock += 5 * 60_000 + 1;
      nextStep();
      const late = await second(expiring, await totpCodeAt(secret, clock));
      expect(late.status).toBe(400);
      expect(late.body.fields?.ticket).toBeTruthy();

      const ticket = await ticketFor(dave);
      for (let i = 0; i < 5; i++) expect((await second(ticket, '000001')).status).toBe(400);
      nextStep();
      const spent = await second(ticket, await totpCodeAt(secret, clock));
      expect(spent.status).toBe(400);
      expect(spent.body.fields?.ticket).toBeTruthy();
      expect((await second('x'.repeat(43), '123456')).status).toBe(400);
    });

    it('makes new recovery codes and turns TOTP off only with a current code', async () => {
      const erin = await createUser(t);
      const { secret, codes } = await enrol(erin);
      expect((await t.post('/api/user/security/recovery_codes', { code: '000002' }, { token: erin.token })).status).toBe(400);
      nextStep();
      const fresh = await t.post<RecoveryCodes>('/api/user/security/recovery_codes', { code: await totpCodeAt(secret, clock) }, { token: erin.token });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data!.codes).not.toContain(codes[0]);
      // The old codes stopped working.
      expect((await t.post('/api/user/security/totp/disable', { code: codes[0] }, { token: erin.token })).status).toBe(400);
      const off = await t.post<SecurityView>('/api/user/security/totp/disable', { code: fresh.body.data!.codes[0] }, { token: erin.token });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
      expect((await signIn(erin)).body.data).toHaveProperty('token');
    });

    it('ends the other sessions when asked as a factor is added', async () => {
      const fay = await createUser(t);
      const other = (await signIn(fay)).body.data as SessionAnswer;
      await enrol(fay, true);
      expect((await state(other.token)).status).toBe(401);
      expect((await state(fay)).status).toBe(200);
      const gil = await createUser(t);
      const kept = (await signIn(gil)).body.data as SessionAnswer;
      await enrol(gil, false);
      expect((await state(kept.token)).status).toBe(200);
    });

    it('adds a passkey and signs in with it, without a password or a second step; a challenge serves once', async () => {
      const hana = await createUser(t);
      await enrol(hana); // TOTP on: a passkey still signs in alone
      const device = new SoftwareAuthenticator(ORIGIN);
      const options = (await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: hana.token })).body.data!.options;
      expect((options.rp as { id: string }).id).toBe('forum.example');
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
      const added = await t.post<SecurityView>('/api/user/security/passkey/add', { name: 'Laptop', response: device.register(options) }, { token: hana.token });
      expect(added.status).toBe(200);
      expect(added.body.data!.passkeys).toEqual([{ id: expect.any(Number), name: 'Laptop', createTime: clock, lastUsedTime: 0 }]);
      expect(await hasPasskey(db, hana.user.id)).toBe(true);
      // The registration challenge was used: the same answer again is refused.
      expect((await t.post('/api/user/security/passkey/add', { name: 'Again', response: device.register(options) }, { token: hana.token })).status).toBe(400);

      clock += 60_000;
      const signInOptions = (await t.post<WebAuthnOptions>('/api/login/passkey/options', {})).body.data!.options;
      expect(signInOptions.allowCredentials ?? []).toEqual([]);
      const response = device.authenticate(signInOptions);
      const opened = await t.post<SessionAnswer>('/api/login/passkey', { response, redirect: '/topics' });
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({ user: { id: hana.user.id }, redirect: '/topics' });
      expect(opened.cookies.find((c) => c.name === 'sabai_token')?.value).toBe(opened.body.data!.token);
      expect((await state(hana)).body.data!.passkeys[0]!.lastUsedTime).toBe(clock);
      // Replayed: the challenge is gone.
      expect((await t.post('/api/login/passkey', { response })).status).toBe(400);
      // Another origin's answer is refused.
      const otherOptions = (await t.post<WebAuthnOptions>('/api/login/passkey/options', {})).body.data!.options;
      expect((await t.post('/api/login/passkey', { response: device.authenticate(otherOptions, 0, { origin: 'https://evil.example' }) })).status).toBe(400);
      // A counter that goes back is refused (a cloned authenticator).
      const clonedOptions = (await t.post<WebAuthnOptions>('/api/login/passkey/options', {})).body.data!.options;
      expect((await t.post('/api/login/passkey', { response: device.authenticate(clonedOptions, 0, { signCount: 1 }) })).status).toBe(400);
      // An unknown credential.
      const stranger = new SoftwareAuthenticator(ORIGIN);
      stranger.register((await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: hana.token })).body.data!.options);
      const unknown = await t.post('/api/login/passkey', { response: stranger.authenticate((await t.post<WebAuthnOptions>('/api/login/passkey/options', {})).body.data!.options) });
      expect(unknown.status).toBe(400);
      // A malformed answer is 400 naming the field.
      const malformed = await t.post('/api/login/passkey', { response: { id: 'x' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.fields?.['response.rawId'] ?? malformed.body.fields?.response ?? Object.keys(malformed.body.fields ?? {}).join()).toBeTruthy();
    });

    it('renames and removes one’s own passkeys only', async () => {
      const ivan = await createUser(t);
      const jade = await createUser(t);
      const device = new SoftwareAuthenticator(ORIGIN);
      const options = (await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: ivan.token })).body.data!.options;
      const added = await t.post<SecurityView>('/api/user/security/passkey/add', { name: 'Phone', response: device.register(options) }, { token: ivan.token });
      const id = added.body.data!.passkeys[0]!.id;
      expect((await t.post('/api/user/security/passkey/rename', { id, name: 'Stolen' }, { token: jade.token })).status).toBe(404);
      expect((await t.post('/api/user/security/passkey/remove', { id }, { token: jade.token })).status).toBe(404);
      expect((await t.post('/api/user/security/passkey/rename', { id, name: ' ' }, { token: ivan.token })).status).toBe(400);
      const renamed = await t.post<SecurityView>('/api/user/security/passkey/rename', { id, name: 'Work phone' }, { token: ivan.token });
      expect(renamed.body.data!.passkeys[0]!.name).toBe('Work phone');
      const removed = await t.post<SecurityView>('/api/user/security/passkey/remove', { id }, { token: ivan.token });
      expect(removed.body.data!.passkeys).toEqual([]);
      expect(await hasPasskey(db, ivan.user.id)).toBe(false);
    });

    it('requires a second factor of staff when the site says so: sign-in leads to the settings, staff actions 403 until enrolled', async () => {
      const moderator = await createUser(t, { role: 'moderator' });
      const list = reviewActions.queue.path!;
      expect((await t.get(list, { token: moderator.token })).status).toBe(200);
      await writeTestSettings(t, { requireStaffTwoFactor: true }, clock);
      try {
        const refused = await t.get(list, { token: moderator.token });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toContain('two-factor');
        const answer = (await signIn(moderator)).body.data as SessionAnswer;
        expect(answer.redirect).toBe('/user/profile/security?required=1');
        expect((await state(moderator)).body.data!.setupRequired).toBe(true);
        // A member is not staff: nothing asked.
        const member = await createUser(t);
        expect((await state(member)).body.data!.setupRequired).toBe(false);
        // A passkey counts.
        const device = new SoftwareAuthenticator(ORIGIN);
        const options = (await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: moderator.token })).body.data!.options;
        expect((await t.post('/api/user/security/passkey/add', { name: 'Key', response: device.register(options) }, { token: moderator.token })).status).toBe(200);
        expect((await t.get(list, { token: moderator.token })).status).toBe(200);
        expect((await state(moderator)).body.data!.setupRequired).toBe(false);
      } finally {
        await writeTestSettings(t, { requireStaffTwoFactor: false }, clock);
      }
    });

    it('lets an admin reset a member who lost their device; forgetSecurityOf leaves nothing', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const kim = await createUser(t);
      await enrol(kim);
      const device = new SoftwareAuthenticator(ORIGIN);
      const options = (await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: kim.token })).body.data!.options;
      await t.post('/api/user/security/passkey/add', { name: 'Key', response: device.register(options) }, { token: kim.token });
      await ticketFor(kim);
      expect((await t.post('/api/admin/two_factor/reset', { userId: 99_999_999 }, { token: admin.token })).status).toBe(404);
      expect((await t.post('/api/admin/two_factor/reset', { userId: kim.user.id }, { token: admin.token })).status).toBe(200);
      expect((await state(kim)).body.data).toMatchObject({ totpEnabled: false, passkeys: [] });
      expect((await signIn(kim)).body.data).toHaveProperty('token');
      for (const table of ['user_totp', 'user_recovery_codes', 'user_passkeys', 'second_factor_tickets'] as const) {
        expect(await db.selectFrom(table).select('id').where('user_id', '=', kim.user.id).execute()).toEqual([]);
      }
      await forgetSecurityOf(db, kim.user.id);
    });

    describe('authorization matrix', () => {
      type Actor = 'anonymous' | 'member' | 'banned' | 'moderator' | 'admin';
      const ACTORS: Actor[] = ['anonymous', 'member', 'banned', 'moderator', 'admin'];
      const OWN = { anonymous: 401, member: 200, banned: 200, moderator: 200, admin: 200 } as const;
      const users = {} as Record<Exclude<Actor, 'anonymous'>, CreatedUser>;
      beforeAll(async () => {
        users.member = await createUser(t);
        users.banned = await createUser(t, { banned: true });
        users.moderator = await createUser(t, { role: 'moderator' });
        users.admin = await createUser(t, { role: 'admin' });
      });
      const tokenOf = (actor: Actor) => (actor === 'anonymous' ? undefined : users[actor].token);

      const rows: Array<{ route: string; expect: Record<Actor, number>; body: (actor: Actor) => Promise<Record<string, unknown>> }> = [
        { route: 'POST /api/user/security/totp/setup', expect: OWN, body: async () => ({}) },
        // After the setup row above: a wrong first code reaches the rule (400); nobody stops at the gate.
        { route: 'POST /api/user/security/totp/confirm', expect: { anonymous: 401, member: 400, banned: 400, moderator: 400, admin: 400 }, body: async () => ({ code: '000000' }) },
        { route: 'POST /api/user/security/totp/disable', expect: { anonymous: 401, member: 400, banned: 400, moderator: 400, admin: 400 }, body: async () => ({ code: '123456' }) },
        { route: 'POST /api/user/security/recovery_codes', expect: { anonymous: 401, member: 400, banned: 400, moderator: 400, admin: 400 }, body: async () => ({ code: '123456' }) },
        { route: 'POST /api/user/security/passkey/options', expect: OWN, body: async () => ({}) },
        {
          route: 'POST /api/user/security/passkey/add',
          expect: OWN,
          body: async (actor) => {
            if (actor === 'anonymous') return { name: 'x', response: {} };
            const options = (await t.post<WebAuthnOptions>('/api/user/security/passkey/options', {}, { token: tokenOf(actor) })).body.data!.options;
            return { name: 'Matrix', response: new SoftwareAuthenticator(ORIGIN).register(options) };
          },
        },
        { route: 'POST /api/user/security/passkey/rename', expect: { anonymous: 401, member: 404, banned: 404, moderator: 404, admin: 404 }, body: async () => ({ id: 99_999_999, name: 'x' }) },
        { route: 'POST /api/user/security/passkey/remove', expect: { anonymous: 401, member: 404, banned: 404, moderator: 404, admin: 404 }, body: async () => ({ id: 99_999_999 }) },
        { route: 'POST /api/admin/two_factor/reset', expect: { anonymous: 401, member: 403, banned: 403, moderator: 403, admin: 200 }, body: async () => ({ userId: users.member.user.id }) },
        // The sign-in steps are open to everyone; a bad ticket or answer is 400 whoever sends it.
        { route: 'POST /api/login/second_factor', expect: { anonymous: 400, member: 400, banned: 400, moderator: 400, admin: 400 }, body: async () => ({ ticket: 'y'.repeat(43), code: '123456' }) },
        { route: 'POST /api/login/passkey/options', expect: { anonymous: 200, member: 200, banned: 200, moderator: 200, admin: 200 }, body: async () => ({}) },
        { route: 'POST /api/login/passkey', expect: { anonymous: 400, member: 400, banned: 400, moderator: 400, admin: 400 }, body: async () => ({ response: { id: 'a' } }) },
      ];

      it('has a row for every mutating route of its families', () => {
        const routes = mutatingRoutes(t.app).filter((route) => FAMILIES.some((family) => route.split(' ')[1]!.startsWith(family)));
        expect(routes.sort()).toEqual(rows.map((row) => row.route).sort());
      });

      for (const row of rows) {
        it(row.route, async () => {
          for (const actor of ACTORS) {
            const path = row.route.split(' ')[1]!;
            const answer = await t.post(path, await row.body(actor), { token: tokenOf(actor) });
            expect([actor, answer.status]).toEqual([actor, row.expect[actor]]);
          }
        });
      }

      it('GET user/security: members only, nothing secret', async () => {
        expect((await t.get('/api/user/security')).status).toBe(401);
        const answer = await state(users.banned);
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body.data!).sort()).toEqual(['passkeys', 'recoveryCodesLeft', 'setupRequired', 'totpEnabled']);
      });
    });
  });
}
