/**
 * Sign-up, sign-in, sign-out and password reset over HTTP, on every engine: happy and failure
 * paths, messages in both locales, the session cookie, hashed tokens, the same-origin rule,
 * expiry on a controlled clock, reset mails read from a real SMTP server and from .eml files,
 * rate limits on the in-process store and on Redis, and equal timing for unknown accounts.
 */
import { translator } from '../../../common/i18n';
import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { rateLimitPrefix } from '../../infra/namespace';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../../common/constants';
import { requireDb } from '../../context';
import type { Clock } from '../../infra/clock';
import { listAuditFor } from '../audit/audit.service';
import { issueEmailCode } from './email-codes.service';
import { verifyPassword } from './password';
import { defaultSettings, type Settings } from '../settings/settings.schema';
import { writeSettings } from '../settings/settings.service';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, DEFAULT_PASSWORD, randomIp, signIn, signUp, uniq, uniqueEmail, type SessionAnswer } from '../../../tests/support/factories';
import { linkToken, linkUrl, startSmtpServer, waitForEml, type TestSmtpServer } from '../../../tests/support/mail';
import { expectNoSecrets, recording } from '../../../tests/support/secrets';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { CurrentUser } from '../users/users.presenter';

const DAY = 86_400_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A clock the test moves forward. */
function testClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => (offset += ms), reset: () => (offset = 0) };
}

const generousLimits: Settings['rateLimits'] = {
  ...defaultSettings.rateLimits,
  signinPerIp: { max: 1000, windowMs: 60_000 },
  signinPerAccount: { max: 1000, windowMs: 60_000 },
  signinAttackAlert: { max: 1000, windowMs: 60_000 },
  signupPerIp: { max: 1000, windowMs: 60_000 },
  mailPerIp: { max: 1000, windowMs: 60_000 },
  linkCheckPerIp: { max: 1000, windowMs: 60_000 },
};

/** The app's deliberate waits (slowed sign-ins), recorded instead of slept. */
function recordedSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

async function setLimits(t: TestApp, rateLimits: Settings['rateLimits']): Promise<void> {
  await writeSettings(requireDb(t.ctx), { rateLimits }, t.ctx.clock.now());
  t.ctx.settings.invalidate();
}

const dialects = await testDatabases();

for (const dialect of dialects) {
  describe(`accounts: sign-up, sign-in, sign-out, reset [${dialect}]`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let api: ReturnType<typeof recording>;
    const clock = testClock();
    const { sleep, waits } = recordedSleep();

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // The job runner on, as in production: mails go out promptly after their answers.
      t = await createTestApp({ dialect, clock, sleep, jobs: 'auto', env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sabai <forum@example.com>' } });
      api = recording(t);
      await setLimits(t, generousLimits);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    describe('sign-up', () => {
      it('creates a member, answers {user, token, redirect} and sets the session cookie', async () => {
        const email = `New.Member.${uniq()}@Example.COM`;
        const before = clock.now();
        const res = await api.post<SessionAnswer>(
          '/api/login/signup',
          { nickname: '  Newcomer  ', email, password: 'secret1', rePassword: 'secret1', redirect: '/topic/7?x=1' },
          { remoteAddress: randomIp() },
        );
        expect(res.status).toBe(200);
        const { user, token, redirect } = res.body.data!;
        expect(redirect).toBe('/topic/7?x=1');
        expect(token.length).toBeGreaterThanOrEqual(22);
        expect(user).toMatchObject({
          nickname: 'Newcomer',
          email: email.toLowerCase(),
          emailVerified: false,
          passwordSet: true,
          username: null,
          role: 'member',
          roles: ['member'],
          forbidden: { until: 0 },
          vip: { active: false },
          followed: false,
        });
        expect(user.rank).toBe(user.id);

        const cookie = res.cookies.find((c) => c.name === TOKEN_COOKIE)!;
        expect(cookie.value).toBe(token);
        expect(cookie.path).toBe('/');
        expect(cookie.httpOnly).toBe(true);
        expect(cookie.sameSite).toBe('Lax');
        expect(cookie.secure).toBeFalsy();
        const expires = new Date(cookie.expires as unknown as string).getTime();
        expect(Math.abs(expires - (before + 30 * DAY))).toBeLessThan(5_000);

        const viaHeader = await api.get<CurrentUser>('/api/user/current', { token });
        expect(viaHeader.body.data).toMatchObject({ id: user.id, email: email.toLowerCase() });
        const viaCookie = await api.get<CurrentUser>('/api/user/current', { cookies: { [TOKEN_COOKIE]: token } });
        expect(viaCookie.body.data).toMatchObject({ id: user.id });
      });

      it('mails the verification link at sign-up, in the request language, as a job of the sign-up; the link verifies the e-mail', async () => {
        const email = uniqueEmail('welcome');
        const before = smtp.mails.length;
        const res = await api.post<SessionAnswer>(
          '/api/login/signup',
          { nickname: 'Welcome', email, password: 'secret1', rePassword: 'secret1' },
          { remoteAddress: randomIp(), cookies: { locale: 'zh-CN' } },
        );
        expect(res.status).toBe(200);
        const { token, user } = res.body.data!;
        // Sent after the answer by the sign-up's job, with the job's own Message-ID.
        await t.jobs.drain();
        const mail = smtp.mails.slice(before).find((m) => m.to.includes(email));
        const [job] = await requireDb(t.ctx).selectFrom('jobs').select(['id', 'status']).where('name', '=', 'auth.verifyMail').orderBy('id', 'desc').limit(1).execute();
        expect(job?.status).toBe('done');
        expect(mail?.raw).toMatch(new RegExp(`^Message-ID: <job-${job!.id}\\.[0-9a-f]{16}@localhost>`, 'mi'));
        expect(mail?.subject).toBe('验证你在 Sabai 的邮箱');
        expect(mail?.text).toContain('Welcome');
        const code = linkToken(mail!, '/user/email/verify')!;
        const rows = await requireDb(t.ctx).selectFrom('email_codes').select(['purpose', 'email']).where('user_id', '=', user.id).execute();
        expect(rows).toEqual([{ purpose: 'verify', email }]);

        const verified = await api.post('/api/user/verify_email', { token: code }, { remoteAddress: randomIp() });
        expect(verified.status).toBe(200);
        expect((await api.get<CurrentUser>('/api/user/current', { token })).body.data!.emailVerified).toBe(true);
      });

      it('still signs the member up when the verification mail cannot be sent: the job waits to retry, no live code is left', async () => {
        const send = t.ctx.mailer.send.bind(t.ctx.mailer);
        t.ctx.mailer.send = () => Promise.reject(new Error('SMTP down'));
        try {
          const res = await api.post<SessionAnswer>('/api/login/signup', { nickname: 'Unlucky', email: uniqueEmail('down'), password: 'secret1', rePassword: 'secret1' }, { remoteAddress: randomIp() });
          expect(res.status).toBe(200);
          await t.jobs.drain();
          const db = requireDb(t.ctx);
          const codes = await db.selectFrom('email_codes').select('id').where('user_id', '=', res.body.data!.user.id).execute();
          expect(codes).toEqual([]);
          const [job] = await db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('name', '=', 'auth.verifyMail').orderBy('id', 'desc').limit(1).execute();
          expect(job).toEqual({ status: 'waiting', attempts: 1, last_error: 'SMTP down' });
        } finally {
          t.ctx.mailer.send = send;
        }
      });

      it('accepts form-encoded bodies and keeps redirect on this site only', async () => {
        for (const [given, expected] of [
          ['//evil.example/x', '/'],
          ['https://evil.example', '/'],
          ['/\\evil.example', '/'],
          ['/user/settings', '/user/settings'],
          ['', '/'],
        ] as const) {
          const res = await api.form<SessionAnswer>(
            '/api/login/signup',
            { nickname: 'Form user', email: uniqueEmail('form'), password: 'secret1', rePassword: 'secret1', redirect: given },
            { remoteAddress: randomIp() },
          );
          expect(res.status, given).toBe(200);
          expect(res.body.data!.redirect, given).toBe(expected);
        }
      });

      it("answers the spec's messages per field, in en-US and zh-CN, and creates nothing", async () => {
        const db = requireDb(t.ctx);
        const count = async () => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const before = await count();

        const empty = await api.post('/api/login/signup', {}, { remoteAddress: randomIp() });
        expect(empty.status).toBe(400);
        expect(empty.body.errorCode).toBe(5);
        expect(empty.body.fields).toMatchObject({
          nickname: 'Please enter nickname',
          email: 'Please enter email',
          password: 'Please enter password',
        });
        expect(empty.body.message).toBe('Please enter nickname');

        const zh = await api.form('/api/login/signup', { nickname: ' ', email: '', password: '' }, { remoteAddress: randomIp(), headers: { 'accept-language': 'zh-CN' } });
        expect(zh.status).toBe(400);
        expect(zh.body.fields).toMatchObject({ nickname: '请输入昵称', email: '请输入邮箱', password: '请输入密码' });

        const short = await api.post('/api/login/signup', { nickname: 'a', email: uniqueEmail(), password: '12345', rePassword: '12345' }, { remoteAddress: randomIp() });
        expect(short.body.fields).toEqual({ password: 'The password must be at least 6 characters' });
        const shortZh = await api.post(
          '/api/login/signup',
          { nickname: 'a', email: uniqueEmail(), password: '12345', rePassword: '12345' },
          { remoteAddress: randomIp(), cookies: { locale: 'zh-CN' } },
        );
        expect(shortZh.body.fields).toEqual({ password: '密码至少 6 个字符' });

        const mismatch = await api.post('/api/login/signup', { nickname: 'a', email: uniqueEmail(), password: '123456', rePassword: '123457' }, { remoteAddress: randomIp() });
        expect(mismatch.body.fields).toEqual({ rePassword: 'Passwords do not match' });
        const mismatchZh = await api.post(
          '/api/login/signup',
          { nickname: 'a', email: uniqueEmail(), password: '123456', rePassword: '123457' },
          { remoteAddress: randomIp(), headers: { 'accept-language': 'zh' } },
        );
        expect(mismatchZh.body.fields).toEqual({ rePassword: '两次输入的密码不一致' });

        const badEmail = await api.post('/api/login/signup', { nickname: 'a', email: 'not-an-email', password: '123456', rePassword: '123456' }, { remoteAddress: randomIp() });
        expect(badEmail.body.fields).toEqual({ email: 'Please enter a valid e-mail address' });

        const longNick = await api.post('/api/login/signup', { nickname: 'n'.repeat(33), email: uniqueEmail(), password: '123456', rePassword: '123456' }, { remoteAddress: randomIp() });
        expect(longNick.body.fields).toEqual({ nickname: 'The nickname can be at most 32 characters' });

        const wrongTypes = await api.post('/api/login/signup', { nickname: 5, email: ['x'], password: {}, rePassword: null }, { remoteAddress: randomIp() });
        expect(wrongTypes.status).toBe(400);
        expect(Object.keys(wrongTypes.body.fields!).sort()).toEqual(['email', 'nickname', 'password', 'rePassword']);

        expect(await count()).toBe(before);
      });

      it('refuses an e-mail already in use, whatever its case (409, field email)', async () => {
        const first = await signUp(t);
        const res = await api.post(
          '/api/login/signup',
          { nickname: 'Copycat', email: first.email.toUpperCase(), password: 'secret1', rePassword: 'secret1' },
          { remoteAddress: randomIp() },
        );
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ errorCode: 9, fields: { email: 'This e-mail is already in use' } });
        const zh = await api.post(
          '/api/login/signup',
          { nickname: 'Copycat', email: first.email, password: 'secret1', rePassword: 'secret1' },
          { remoteAddress: randomIp(), headers: { 'accept-language': 'zh-CN' } },
        );
        expect(zh.body.fields).toEqual({ email: '该邮箱已被使用' });
      });

      it('lets only one of two concurrent sign-ups with the same e-mail through', async () => {
        const email = uniqueEmail('race');
        const body = { nickname: 'Racer', email, password: 'secret1', rePassword: 'secret1' };
        const results = await Promise.all([0, 1, 2].map(() => api.post('/api/login/signup', body, { remoteAddress: randomIp() })));
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
        const rows = await requireDb(t.ctx).selectFrom('users').select('id').where('email', '=', email).execute();
        expect(rows).toHaveLength(1);
      });
    });

    describe('sign-in', () => {
      it('signs in by e-mail (any case) or by username (any case), with the same answer shape as sign-up', async () => {
        const username = `Walker${uniq().slice(0, 5)}`;
        const { user, email } = await createUser(t, { username });
        const byEmail = await api.post<SessionAnswer>('/api/login/signin', { username: email!.toUpperCase(), password: DEFAULT_PASSWORD, redirect: '/t/1' }, { remoteAddress: randomIp() });
        expect(byEmail.status).toBe(200);
        expect(byEmail.body.data).toMatchObject({ user: { id: user.id, email, username }, redirect: '/t/1' });
        expect(byEmail.cookies.find((c) => c.name === TOKEN_COOKIE)?.value).toBe(byEmail.body.data!.token);

        const byName = await api.form<SessionAnswer>('/api/login/signin', { username: username.toLowerCase(), password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() });
        expect(byName.status).toBe(200);
        expect(byName.body.data).toMatchObject({ user: { id: user.id }, redirect: '/' });
        expect(byName.body.data!.token).not.toBe(byEmail.body.data!.token);
      });

      it('answers one message for a wrong password and an unknown account', async () => {
        const { email } = await createUser(t);
        const wrong = await api.post('/api/login/signin', { username: email, password: 'not it' }, { remoteAddress: randomIp() });
        const unknown = await api.post('/api/login/signin', { username: uniqueEmail('ghost'), password: 'not it' }, { remoteAddress: randomIp() });
        const unknownName = await api.post('/api/login/signin', { username: 'nobody_here', password: 'not it' }, { remoteAddress: randomIp() });
        for (const res of [wrong, unknown, unknownName]) {
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ success: false, errorCode: 0, message: 'Wrong username, e-mail or password' });
          expect(res.cookies.find((c) => c.name === TOKEN_COOKIE)).toBeUndefined();
        }
        const zh = await api.post('/api/login/signin', { username: email, password: 'not it' }, { remoteAddress: randomIp(), cookies: { locale: 'zh-CN' } });
        expect(zh.body.message).toBe('用户名、邮箱或密码错误');
      });

      it('requires username-or-email and password (spec messages, both locales)', async () => {
        const res = await api.post('/api/login/signin', { username: '  ', password: '' }, { remoteAddress: randomIp() });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 5, fields: { username: 'Please enter username or email', password: 'Please enter password' } });
        const zh = await api.form('/api/login/signin', {}, { remoteAddress: randomIp(), headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
        expect(zh.body.fields).toEqual({ username: '请输入用户名或邮箱', password: '请输入密码' });
      });

      it('lets a banned user sign in (reading stays allowed) and refuses deleted accounts', async () => {
        const banned = await createUser(t, { banned: -1 });
        const ok = await api.post<SessionAnswer>('/api/login/signin', { username: banned.email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() });
        expect(ok.status).toBe(200);
        expect(ok.body.data!.user.forbidden).toEqual({ until: -1 });

        const gone = await createUser(t);
        await requireDb(t.ctx).updateTable('users').set({ status: 1 }).where('id', '=', gone.user.id).execute();
        const refused = await api.post('/api/login/signin', { username: gone.email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() });
        expect(refused.status).toBe(400);
      });

      it('refuses sign-in to an account without a password', async () => {
        const { email } = await createUser(t, { password: null });
        const res = await api.post('/api/login/signin', { username: email, password: 'anything' }, { remoteAddress: randomIp() });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Wrong username, e-mail or password');
      });
    });

    describe('tokens and the session cookie', () => {
      it('stores tokens only as SHA-256 digests', async () => {
        const { user, token } = await signUp(t);
        const second = await signIn(t, user.email!);
        const rows = await requireDb(t.ctx).selectFrom('user_tokens').selectAll().where('user_id', '=', user.id).execute();
        expect(rows.map((r) => r.token_hash).sort()).toEqual([sha256(token), sha256(second.token)].sort());
        const dump = JSON.stringify(rows);
        expect(dump).not.toContain(token);
        expect(dump).not.toContain(second.token);
      });

      it('signs out: revokes the token, clears the cookie; other sessions stay', async () => {
        const { user, token } = await signUp(t);
        const other = await signIn(t, user.email!);
        const res = await api.get('/api/login/signout', { token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, data: null });
        const cleared = res.cookies.find((c) => c.name === TOKEN_COOKIE)!;
        expect(cleared.value).toBe('');
        expect(new Date(cleared.expires as unknown as string).getTime()).toBeLessThan(Date.now());
        expect((await api.get('/api/user/current', { token })).body.data).toBeNull();
        expect((await api.post('/api/user/update', { nickname: 'x' }, { token })).status).toBe(401);
        expect((await api.get<CurrentUser>('/api/user/current', { token: other.token })).body.data?.id).toBe(user.id);
        const rows = await requireDb(t.ctx).selectFrom('user_tokens').select('token_hash').where('token_hash', '=', sha256(token)).execute();
        expect(rows).toHaveLength(0);
      });

      it('signs out by cookie from this site, but not when another site navigates to it', async () => {
        const { token } = await signUp(t);
        const cross = await api.get('/api/login/signout', { cookies: { [TOKEN_COOKIE]: token }, headers: { 'sec-fetch-site': 'cross-site' } });
        expect(cross.status).toBe(403);
        expect((await api.get('/api/user/current', { token })).body.data).not.toBeNull();
        const same = await api.get('/api/login/signout', { cookies: { [TOKEN_COOKIE]: token }, headers: { 'sec-fetch-site': 'same-origin' } });
        expect(same.status).toBe(200);
        expect((await api.get('/api/user/current', { token })).body.data).toBeNull();
      });

      it('signs out anonymously without error', async () => {
        const res = await api.get('/api/login/signout');
        expect(res.status).toBe(200);
        expect(res.body.data).toBeNull();
      });

      it('refuses a cookie-only POST from another origin (403) but takes the header, and same-origin cookies', async () => {
        const { token } = await signUp(t);
        const cookies = { [TOKEN_COOKIE]: token };
        const evilOrigin = await api.post('/api/user/update', { signature: 'csrf' }, { cookies, headers: { origin: 'https://evil.example' } });
        expect(evilOrigin.status).toBe(403);
        expect(evilOrigin.body.errorCode).toBe(2);
        const evilFetch = await api.post('/api/user/update', { signature: 'csrf' }, { cookies, headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
        expect(evilFetch.status).toBe(403);
        const sameSiteOtherOrigin = await api.post('/api/user/update', { signature: 'csrf' }, { cookies, headers: { 'sec-fetch-site': 'same-site' } });
        expect(sameSiteOtherOrigin.status).toBe(403);
        expect((await api.get<CurrentUser>('/api/user/current', { token })).body.data!.signature).toBe('');

        const header = await api.post<CurrentUser>('/api/user/update', { signature: 'by header' }, { token, headers: { origin: 'https://evil.example' } });
        expect(header.status).toBe(200);
        expect(header.body.data!.signature).toBe('by header');

        const sameOrigin = await api.post<CurrentUser>('/api/user/update', { signature: 'same origin' }, { cookies, headers: { host: 'forum.test', origin: 'http://forum.test' } });
        expect(sameOrigin.status).toBe(200);
        expect(sameOrigin.body.data!.signature).toBe('same origin');
        const fetchMeta = await api.post<CurrentUser>('/api/user/update', { signature: 'fetch metadata' }, { cookies, headers: { 'sec-fetch-site': 'same-origin' } });
        expect(fetchMeta.status).toBe(200);
      });

      it('refuses cross-site sign-in and sign-up (login CSRF); API clients without Origin pass', async () => {
        const { email } = await createUser(t);
        const fields = () => ({ nickname: 'Csrf', email: uniqueEmail('csrf'), password: 'secret1', rePassword: 'secret1' });
        const crossSite: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'https://sub.forum.test' }, { origin: 'null' }];
        for (const headers of crossSite) {
          const signin = await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { headers, remoteAddress: randomIp() });
          expect(signin.status, JSON.stringify(headers)).toBe(403);
          expect(signin.body).toMatchObject({ errorCode: 2, message: 'Cross-site request refused' });
          expect(signin.headers['set-cookie']).toBeUndefined();
          const signupFields = fields();
          const signup = await api.post('/api/login/signup', signupFields, { headers, remoteAddress: randomIp() });
          expect(signup.status, JSON.stringify(headers)).toBe(403);
          expect(signup.headers['set-cookie']).toBeUndefined();
          expect(await requireDb(t.ctx).selectFrom('users').select('id').where('email', '=', signupFields.email).executeTakeFirst()).toBeUndefined();
        }
        const formPost = await api.form('/api/login/signin', { username: email!, password: DEFAULT_PASSWORD }, { headers: { origin: 'https://evil.example' }, remoteAddress: randomIp() });
        expect(formPost.status).toBe(403);

        const sameSiteOrNone: Array<Record<string, string>> = [{}, { 'sec-fetch-site': 'same-origin' }, { host: 'forum.test', origin: 'http://forum.test' }];
        for (const headers of sameSiteOrNone) {
          expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { headers, remoteAddress: randomIp() })).status, JSON.stringify(headers)).toBe(200);
          expect((await api.post('/api/login/signup', fields(), { headers, remoteAddress: randomIp() })).status, JSON.stringify(headers)).toBe(200);
        }
      });

      it('rejects an expired token (30 days by default)', async () => {
        const { token } = await signUp(t);
        try {
          clock.advance(29 * DAY);
          expect((await api.get('/api/user/current', { token })).body.data).not.toBeNull();
          clock.advance(1 * DAY + 1_000);
          expect((await api.get('/api/user/current', { token })).body.data).toBeNull();
          const write = await api.post('/api/user/update', { nickname: 'late' }, { token });
          expect(write.status).toBe(401);
          expect(write.body.errorCode).toBe(1);
        } finally {
          clock.reset();
          t.ctx.settings.invalidate();
        }
      });

      it('follows the tokenExpireDays setting for the token and the cookie', async () => {
        const db = requireDb(t.ctx);
        await writeSettings(db, { tokenExpireDays: 2 }, clock.now());
        t.ctx.settings.invalidate();
        try {
          const res = await api.post<SessionAnswer>(
            '/api/login/signup',
            { nickname: 'Short lived', email: uniqueEmail(), password: 'secret1', rePassword: 'secret1' },
            { remoteAddress: randomIp() },
          );
          const cookie = res.cookies.find((c) => c.name === TOKEN_COOKIE)!;
          expect(Math.abs(new Date(cookie.expires as unknown as string).getTime() - (clock.now() + 2 * DAY))).toBeLessThan(5_000);
          clock.advance(2 * DAY + 1_000);
          expect((await api.get('/api/user/current', { token: res.body.data!.token })).body.data).toBeNull();
        } finally {
          clock.reset();
          await writeSettings(db, { tokenExpireDays: defaultSettings.tokenExpireDays }, clock.now());
          t.ctx.settings.invalidate();
        }
      });
    });

    describe('password reset by e-mail (real SMTP server)', () => {
      it('mails a Thai reader in Thai (issue 31)', async () => {
        const { email } = await signUp(t);
        await t.jobs.drain();
        const before = smtp.mails.length;
        const res = await api.post('/api/login/send_reset_password_email', { email }, { remoteAddress: randomIp(), headers: { 'accept-language': 'th' } });
        expect(res.status).toBe(200);
        const mail = await smtp.waitFor(email, { after: before });
        expect(mail.subject).toBe(translator('th-TH')('mail.reset.subject', { siteTitle: 'Sabai' }));
        expect(mail.text).toContain('60 นาที');
      });

      it('mails a one-time link in the request locale; the link sets a new password and signs out everywhere', async () => {
        const { user, email, token } = await signUp(t);
        // Its verification mail first: the reset mail awaited below is the next one.
        await t.jobs.drain();
        const before = smtp.mails.length;
        const res = await api.post('/api/login/send_reset_password_email', { email: email.toUpperCase() }, { remoteAddress: randomIp(), cookies: { locale: 'zh-CN' }, headers: { host: 'evil.example' } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, data: null });

        const mail = await smtp.waitFor(email, { after: before });
        expect(mail.subject).toBe('重置你在 Sabai 的密码');
        expect(mail.text).toContain('60 分钟');
        expect(mail.raw).toMatch(/^From: Sabai <forum@example\.com>/m);
        const url = linkUrl(mail, '/user/password/reset')!;
        // No PUBLIC_URL and none recorded: this machine's address, never the Host header.
        expect(url).toMatch(/^http:\/\/localhost:3000\/user\/password\/reset\?token=/);
        const code = linkToken(mail, '/user/password/reset')!;
        expect(code.length).toBeGreaterThanOrEqual(22);

        const codes = await requireDb(t.ctx).selectFrom('email_codes').selectAll().where('user_id', '=', user.id).where('purpose', '=', 'reset').execute();
        expect(codes).toHaveLength(1);
        expect(codes[0]).toMatchObject({ purpose: 'reset', email, code_hash: sha256(code), used_time: null });
        expect(JSON.stringify(codes)).not.toContain(code);
        expect(codes[0]!.expire_time - codes[0]!.create_time).toBe(60 * 60_000);

        const mismatch = await api.post('/api/login/reset_password', { token: code, password: 'brand new', rePassword: 'brand neu' });
        expect(mismatch.body.fields).toEqual({ rePassword: 'Passwords do not match' });

        const reset = await api.post('/api/login/reset_password', { token: code, password: 'brand new', rePassword: 'brand new' });
        expect(reset.status).toBe(200);
        expect(reset.body.data).toBeNull();

        expect((await api.get('/api/user/current', { token })).body.data).toBeNull();
        expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() })).status).toBe(400);
        const signedIn = await signIn(t, email, 'brand new');
        expect(signedIn.user.emailVerified).toBe(true);

        const again = await api.post('/api/login/reset_password', { token: code, password: 'another1', rePassword: 'another1' });
        expect(again.status).toBe(400);
        expect(again.body).toMatchObject({ errorCode: 5, fields: { token: 'This link has already been used' } });
        const againZh = await api.post('/api/login/reset_password', { token: code, password: 'another1', rePassword: 'another1' }, { cookies: { locale: 'zh-CN' } });
        expect(againZh.body.fields).toEqual({ token: '该链接已被使用' });

        const audit = await listAuditFor(requireDb(t.ctx), 'user', user.id);
        expect(audit.map((a) => a.action)).toContain('user.password_reset');
      });

      it('retires reset links when the e-mail or the password changes, and refuses a link sent to a former address', async () => {
        const { email, token, user } = await signUp(t);
        // Its verification mail first: the reset mail awaited below is the next one.
        await t.jobs.drain();
        const resetLink = async (to: string) => {
          const before = smtp.mails.length;
          expect((await api.post('/api/login/send_reset_password_email', { email: to }, { remoteAddress: randomIp() })).status).toBe(200);
          return linkToken(await smtp.waitFor(to, { after: before }), '/user/password/reset')!;
        };
        const tryReset = (code: string) => api.post('/api/login/reset_password', { token: code, password: 'taken over', rePassword: 'taken over' });

        // The member moves off a mailbox: its reset link dies with the move.
        const fromOldMailbox = await resetLink(email);
        const moved = uniqueEmail('moved');
        expect((await api.post('/api/user/set_email', { email: moved }, { token })).status).toBe(200);
        const afterMove = await tryReset(fromOldMailbox);
        expect(afterMove.status).toBe(400);
        expect(afterMove.body.fields).toEqual({ token: 'This link is invalid' });

        // A password change retires outstanding links too.
        const beforeChange = await resetLink(moved);
        const changed = await api.post('/api/user/update_password', { oldPassword: DEFAULT_PASSWORD, password: 'changed pw', rePassword: 'changed pw' }, { token });
        expect(changed.status).toBe(200);
        expect((await tryReset(beforeChange)).body.fields).toEqual({ token: 'This link is invalid' });

        // A live link whose address is no longer the account's (changed by any other path) is refused.
        const stale = await resetLink(moved);
        const db = requireDb(t.ctx);
        await db.updateTable('users').set({ email: uniqueEmail('elsewhere') }).where('id', '=', user.id).execute();
        const refused = await tryReset(stale);
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toEqual({ token: 'This link is invalid' });

        // Nothing was taken over: the password is the member's own.
        const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
        expect(await verifyPassword(row.password_hash!, 'changed pw')).toBe(true);
        expect((await api.get('/api/user/current', { token })).body.data).not.toBeNull();
      });

      it('answers the same whether or not the e-mail has an account, and mails nobody for an unknown one', async () => {
        const { email } = await signUp(t);
        // Its verification mail first: the reset mail awaited below is the next one.
        await t.jobs.drain();
        const ghost = uniqueEmail('ghost');
        const before = smtp.mails.length;
        const known = await api.post('/api/login/send_reset_password_email', { email }, { remoteAddress: randomIp() });
        const unknown = await api.post('/api/login/send_reset_password_email', { email: ghost }, { remoteAddress: randomIp() });
        expect(unknown.status).toBe(known.status);
        expect(unknown.raw.body).toBe(known.raw.body);
        const mail = await smtp.waitFor(email, { after: before });
        expect(mail.subject).toBe('Reset your password on Sabai');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(smtp.mails.slice(before).filter((m) => m.to.includes(ghost))).toHaveLength(0);
      });

      it('validates the e-mail', async () => {
        const res = await api.post('/api/login/send_reset_password_email', { email: 'nope' }, { remoteAddress: randomIp() });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ email: 'Please enter a valid e-mail address' });
        const zh = await api.post('/api/login/send_reset_password_email', {}, { remoteAddress: randomIp(), cookies: { locale: 'zh-CN' } });
        expect(zh.body.fields).toEqual({ email: '请输入邮箱' });
      });

      it('refuses an unknown, malformed or expired link and a link used by a concurrent request', async () => {
        const unknown = await api.post('/api/login/reset_password', { token: 'x'.repeat(43), password: 'secret1', rePassword: 'secret1' });
        expect(unknown.status).toBe(400);
        expect(unknown.body.fields).toEqual({ token: 'This link is invalid' });
        const missing = await api.post('/api/login/reset_password', { password: 'secret1', rePassword: 'secret1' });
        expect(missing.body.fields).toMatchObject({ token: 'The link is incomplete. Please open the whole link from the mail.' });

        const { email } = await signUp(t);
        // Its verification mail first: the reset mails awaited below are the next ones.
        await t.jobs.drain();
        let before = smtp.mails.length;
        await api.post('/api/login/send_reset_password_email', { email }, { remoteAddress: randomIp() });
        const code = linkToken(await smtp.waitFor(email, { after: before }), '/user/password/reset')!;
        try {
          clock.advance(60 * 60_000 + 1_000);
          const expired = await api.post('/api/login/reset_password', { token: code, password: 'secret1', rePassword: 'secret1' });
          expect(expired.status).toBe(400);
          expect(expired.body.fields).toEqual({ token: 'This link has expired. Please ask for a new one.' });
        } finally {
          clock.reset();
          t.ctx.settings.invalidate();
        }

        before = smtp.mails.length;
        await api.post('/api/login/send_reset_password_email', { email }, { remoteAddress: randomIp() });
        const fresh = linkToken(await smtp.waitFor(email, { after: before }), '/user/password/reset')!;
        const results = await Promise.all(
          ['first1', 'second2', 'third3'].map((p) => api.post('/api/login/reset_password', { token: fresh, password: p, rePassword: p })),
        );
        expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      });
    });

    describe('rate limits (in-process store)', () => {
      afterAll(() => setLimits(t, generousLimits));

      it('slows, then refuses, one IP failing on an account (429, errorCode 7, Retry-After); the owner elsewhere signs in at once', async () => {
        await setLimits(t, { ...generousLimits, signinPerAccount: { max: 6, windowMs: 10 * 60_000 } });
        const { email } = await createUser(t);
        const attacker = randomIp();
        const attempt = (password: string, ip: string, options: { cookies?: Record<string, string> } = {}) =>
          api.post('/api/login/signin', { username: email, password }, { remoteAddress: ip, ...options });
        waits.length = 0;
        for (let i = 0; i < 6; i++) expect((await attempt('wrong', attacker)).status).toBe(400);
        // Three free failures, then each attempt waits twice as long.
        expect(waits).toEqual([0, 0, 0, 500, 1000, 2000]);
        const limited = await attempt(DEFAULT_PASSWORD, attacker);
        expect(limited.status).toBe(429);
        expect(limited.body.errorCode).toBe(7);
        const retryAfter = Number(limited.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect(limited.body.message).toContain(`${retryAfter} seconds`);
        const zh = await attempt('wrong', attacker, { cookies: { locale: 'zh-CN' } });
        expect(zh.status).toBe(429);
        expect(zh.body.message).toContain('请求过于频繁');
        // The owner, from anywhere else, is neither slowed nor refused.
        waits.length = 0;
        expect((await attempt(DEFAULT_PASSWORD, randomIp())).status).toBe(200);
        expect(waits).toEqual([0]);
        // The window passes on the app clock.
        try {
          clock.advance(10 * 60_000 + 1_000);
          expect((await attempt(DEFAULT_PASSWORD, attacker)).status).toBe(200);
        } finally {
          clock.reset();
          t.ctx.settings.invalidate();
        }
      });

      it('never lets an attack lock the owner out: 50 tries from one IP, the owner signs in from another at once, mailed once', async () => {
        await setLimits(t, { ...generousLimits, signinPerAccount: { max: 10, windowMs: 15 * 60_000 }, signinAttackAlert: { max: 20, windowMs: 60 * 60_000 } });
        const { email } = await createUser(t);
        const attacker = randomIp();
        const answers: number[] = [];
        waits.length = 0;
        for (let i = 0; i < 50; i++) answers.push((await api.post('/api/login/signin', { username: email, password: `guess ${i}` }, { remoteAddress: attacker })).status);
        expect(answers.slice(0, 10)).toEqual(new Array(10).fill(400));
        expect(answers.slice(10)).toEqual(new Array(40).fill(429));
        // Slowed before it was refused: 0.5 s doubling to 8 s, about 31 s for ten guesses.
        expect(waits).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
        const owner = await api.post<SessionAnswer>('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() });
        expect(owner.status).toBe(200);
        expect(owner.body.data!.token).toBeTruthy();
        expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: attacker })).status).toBe(429);

        const mail = await smtp.waitFor(email!, { subject: 'Failed sign-ins' });
        expect(mail.subject).toBe('Failed sign-ins on your Sabai account');
        expect(mail.text).toContain('with a wrong password 20 times within 60 minutes');
        expect(mail.text).toContain('you can still sign in as usual');
        expect(mail.text).toMatch(/https?:\/\/[^\s]+\/user\/profile\/account/);
        // Once per window, however long the attack goes on.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(smtp.mails.filter((m) => m.to.includes(email!) && m.subject.startsWith('Failed sign-ins'))).toHaveLength(1);
      });

      it('counts an attack from many IPs on the account, mails the owner in the site language once per window', async () => {
        const db = requireDb(t.ctx);
        await setLimits(t, { ...generousLimits, signinPerAccount: { max: 10, windowMs: 15 * 60_000 }, signinAttackAlert: { max: 6, windowMs: 60 * 60_000 } });
        await writeSettings(db, { language: 'zh-CN' }, clock.now());
        t.ctx.settings.invalidate();
        try {
          const { email } = await createUser(t);
          for (let i = 0; i < 12; i++) expect((await api.post('/api/login/signin', { username: email, password: 'wrong' }, { remoteAddress: randomIp() })).status).toBe(400);
          // The attacker's language is not the owner's: the mail speaks the site's.
          const mail = await smtp.waitFor(email!, { subject: '登录失败' });
          expect(mail.text).toContain('6 次');
          expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() })).status).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(smtp.mails.filter((m) => m.to.includes(email!))).toHaveLength(1);
          // The next window may warn again.
          clock.advance(60 * 60_000 + 1_000);
          for (let i = 0; i < 6; i++) await api.post('/api/login/signin', { username: email, password: 'wrong' }, { remoteAddress: randomIp() });
          await smtp.waitFor(email!, { subject: '登录失败', after: smtp.mails.indexOf(mail) + 1 });
        } finally {
          clock.reset();
          await writeSettings(db, { language: defaultSettings.language }, clock.now());
          t.ctx.settings.invalidate();
        }
      });

      it('a success clears the failures of its own IP on the account', async () => {
        await setLimits(t, { ...generousLimits, signinPerAccount: { max: 3, windowMs: 10 * 60_000 } });
        const { email } = await createUser(t);
        const ip = randomIp();
        const attempt = (password: string) => api.post('/api/login/signin', { username: email, password }, { remoteAddress: ip });
        expect((await attempt('wrong')).status).toBe(400);
        expect((await attempt('wrong')).status).toBe(400);
        expect((await attempt(DEFAULT_PASSWORD)).status).toBe(200);
        expect((await attempt('wrong')).status).toBe(400);
        expect((await attempt('wrong')).status).toBe(400);
        expect((await attempt(DEFAULT_PASSWORD)).status).toBe(200);
      });

      it('limits failed sign-ins per IP across accounts; successes do not count', async () => {
        await setLimits(t, { ...generousLimits, signinPerIp: { max: 3, windowMs: 10 * 60_000 } });
        const ip = randomIp();
        const { email } = await createUser(t);
        for (let i = 0; i < 5; i++) expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: ip })).status).toBe(200);
        for (let i = 0; i < 3; i++) expect((await api.post('/api/login/signin', { username: uniqueEmail('x'), password: 'wrong' }, { remoteAddress: ip })).status).toBe(400);
        const limited = await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: ip });
        expect(limited.status).toBe(429);
        expect(limited.headers['retry-after']).toBeDefined();
        expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() })).status).toBe(200);
      });

      it('limits sign-ups per IP', async () => {
        await setLimits(t, { ...generousLimits, signupPerIp: { max: 2, windowMs: 60 * 60_000 } });
        const ip = randomIp();
        const attempt = () => api.post('/api/login/signup', { nickname: 'Many', email: uniqueEmail('many'), password: 'secret1', rePassword: 'secret1' }, { remoteAddress: ip });
        expect((await attempt()).status).toBe(200);
        expect((await attempt()).status).toBe(200);
        const limited = await attempt();
        expect(limited.status).toBe(429);
        expect(limited.body.errorCode).toBe(7);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
        expect((await api.post('/api/login/signup', { nickname: 'Other', email: uniqueEmail(), password: 'secret1', rePassword: 'secret1' }, { remoteAddress: randomIp() })).status).toBe(200);
      });

      it('limits reset and verification mails per IP (same answer for unknown e-mails)', async () => {
        await setLimits(t, { ...generousLimits, mailPerIp: { max: 2, windowMs: 60 * 60_000 } });
        const ip = randomIp();
        const { token } = await signUp(t);
        expect((await api.post('/api/login/send_reset_password_email', { email: uniqueEmail('ghost') }, { remoteAddress: ip })).status).toBe(200);
        expect((await api.post('/api/user/send_verify_email', {}, { token, remoteAddress: ip })).status).toBe(200);
        const limited = await api.post('/api/login/send_reset_password_email', { email: uniqueEmail('ghost') }, { remoteAddress: ip });
        expect(limited.status).toBe(429);
        expect(limited.body.errorCode).toBe(7);
        expect(limited.headers['retry-after']).toBeDefined();
        expect((await api.post('/api/user/send_verify_email', {}, { token, remoteAddress: ip })).status).toBe(429);
      });

      it("charges one IP's budget on an account whether the account is named by username or by e-mail", async () => {
        await setLimits(t, { ...generousLimits, signinPerAccount: { max: 3, windowMs: 10 * 60_000 } });
        const username = `acct${uniq().slice(-6)}`.slice(0, 12);
        const { email } = await createUser(t, { username });
        const ip = randomIp();
        const attempt = (name: string, password: string) => api.post('/api/login/signin', { username: name, password }, { remoteAddress: ip });
        expect((await attempt(email!, 'wrong')).status).toBe(400);
        expect((await attempt(username.toUpperCase(), 'wrong')).status).toBe(400);
        expect((await attempt(email!.toUpperCase(), 'wrong')).status).toBe(400);
        expect((await attempt(username, DEFAULT_PASSWORD)).status).toBe(429);
        expect((await attempt(email!, DEFAULT_PASSWORD)).status).toBe(429);
        // Unknown names are still counted, by name, with the same answer as a wrong password.
        const ghost = uniqueEmail('ghost');
        for (let i = 0; i < 3; i++) expect((await attempt(ghost, 'wrong')).body.message).toBe('Wrong username, e-mail or password');
        expect((await attempt(ghost, 'wrong')).status).toBe(429);
      });

      it('limits failed e-mail verification and reset link checks per IP (one budget); a link that works gives its hit back', async () => {
        await setLimits(t, { ...generousLimits, linkCheckPerIp: { max: 2, windowMs: 60 * 60_000 } });
        const db = requireDb(t.ctx);
        const verifyLink = async () => {
          const { user } = await createUser(t, { verified: false });
          return issueEmailCode(db, { userId: user.id, purpose: 'verify', email: user.email! }, clock.now());
        };
        const guesser = randomIp();
        const bad = { token: randomBytes(32).toString('base64url'), password: 'new secret', rePassword: 'new secret' };
        expect((await api.post('/api/login/reset_password', bad, { remoteAddress: guesser })).status).toBe(400);
        expect((await api.post('/api/user/verify_email', { token: bad.token }, { remoteAddress: guesser })).status).toBe(400);
        const limited = await api.post('/api/login/reset_password', bad, { remoteAddress: guesser });
        expect(limited.status).toBe(429);
        expect(limited.body.errorCode).toBe(7);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
        // Even a good link waits: the IP is out of checks.
        expect((await api.post('/api/user/verify_email', { token: await verifyLink() }, { remoteAddress: guesser })).status).toBe(429);

        const member = randomIp();
        for (let i = 0; i < 3; i++) expect((await api.post('/api/user/verify_email', { token: await verifyLink() }, { remoteAddress: member })).status).toBe(200);
        expect((await api.post('/api/user/verify_email', { token: bad.token }, { remoteAddress: member })).status).toBe(400);
        expect((await api.post('/api/user/verify_email', { token: bad.token }, { remoteAddress: member })).status).toBe(400);
        expect((await api.post('/api/user/verify_email', { token: bad.token }, { remoteAddress: member })).status).toBe(429);
      });

      it('counts an IPv6 client by its /64 for every per-IP rule', async () => {
        await setLimits(t, { ...generousLimits, signupPerIp: { max: 2, windowMs: 60 * 60_000 }, signinPerIp: { max: 2, windowMs: 60 * 60_000 } });
        const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
        const signup = (ip: string) => api.post('/api/login/signup', { nickname: 'Six', email: uniqueEmail('six'), password: 'secret1', rePassword: 'secret1' }, { remoteAddress: ip });
        expect((await signup(`${prefix}::1`)).status).toBe(200);
        expect((await signup(`${prefix}:1:2:3:4`)).status).toBe(200);
        expect((await signup(`${prefix}:ffff:0:0:9`)).status).toBe(429);
        expect((await signup(`2001:db8:ffff:${randomBytes(2).toString('hex')}::1`)).status).toBe(200);

        const signin = (ip: string) => api.post('/api/login/signin', { username: uniqueEmail('x'), password: 'wrong' }, { remoteAddress: ip });
        expect((await signin(`${prefix}::a`)).status).toBe(400);
        expect((await signin(`${prefix}::b`)).status).toBe(400);
        expect((await signin(`${prefix}::c`)).status).toBe(429);
      });

      it('limits verification mails per recipient (shared with reset mails) and per member, whatever the IP', async () => {
        await setLimits(t, { ...generousLimits, mailPerIp: { max: 2, windowMs: 60 * 60_000 } });
        // Per recipient: two reset mails to the address use up its budget for verify mails too.
        const victim = await createUser(t, { verified: false });
        for (let i = 0; i < 2; i++) {
          const before = smtp.mails.length;
          await api.post('/api/login/send_reset_password_email', { email: victim.email }, { remoteAddress: randomIp() });
          await smtp.waitFor(victim.email!, { after: before });
        }
        const toRecipient = await api.post('/api/user/send_verify_email', {}, { token: victim.token, remoteAddress: randomIp() });
        expect(toRecipient.status).toBe(429);
        expect(toRecipient.body.errorCode).toBe(7);
        expect(Number(toRecipient.headers['retry-after'])).toBeGreaterThan(0);

        // Per member: pointing set_email at new addresses does not reset the member's budget.
        const { token } = await createUser(t, { verified: false });
        for (let i = 0; i < 2; i++) {
          expect((await api.post('/api/user/set_email', { email: uniqueEmail('flood') }, { token })).status).toBe(200);
          expect((await api.post('/api/user/send_verify_email', {}, { token, remoteAddress: randomIp() })).status).toBe(200);
        }
        expect((await api.post('/api/user/set_email', { email: uniqueEmail('flood') }, { token })).status).toBe(200);
        const perMember = await api.post('/api/user/send_verify_email', {}, { token, remoteAddress: randomIp() });
        expect(perMember.status).toBe(429);
        expect(perMember.body.errorCode).toBe(7);
      });
    });

    it('takes as long to refuse an unknown account as a known one (decoy hash)', async () => {
      const { email } = await createUser(t);
      const time = async (username: string) => {
        const start = performance.now();
        const res = await t.post('/api/login/signin', { username, password: 'wrong password' }, { remoteAddress: randomIp() });
        expect(res.status).toBe(400);
        return performance.now() - start;
      };
      await time(email!); // warm-up (the decoy hash is computed once)
      await time(uniqueEmail('warm'));
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 9; i++) {
        known.push(await time(email!));
        unknown.push(await time(uniqueEmail('nobody')));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ratio = median(unknown) / median(known);
      // Bounds leave room for a busy CI machine (other suites hash passwords on the same two
      // cores); a skipped hash shows as a ratio near 0 and is also caught just below.
      const figures = `median unknown ${median(unknown).toFixed(1)} ms vs known ${median(known).toFixed(1)} ms`;
      expect(ratio, figures).toBeGreaterThan(0.4);
      expect(ratio, figures).toBeLessThan(2.5);
      // A skipped hash would answer in well under a millisecond or two.
      expect(median(unknown)).toBeGreaterThan(5);
    });

    it('never answers a password hash, a token digest or a code digest', async () => {
      await expectNoSecrets(t, api.bodies);
    });
  });

  describe(`accounts: a mail server that fails [${dialect}]`, () => {
    let t: TestApp;
    let attempts = 0;
    beforeAll(async () => {
      const mailer = {
        send: async () => {
          attempts += 1;
          throw new Error('421 service not available');
        },
      };
      t = await createTestApp({ dialect, mailer, env: { RATE_LIMITS: 'off' } });
    });
    afterAll(() => t?.close());

    it('leaves no live reset code behind when the reset mail cannot be sent', async () => {
      const { user, email } = await createUser(t);
      const before = attempts;
      const res = await t.post('/api/login/send_reset_password_email', { email });
      // The answer does not wait for the mail (it says nothing about the account either way).
      expect(res.status).toBe(200);
      await t.jobs.drain();
      await vi.waitFor(() => expect(attempts).toBe(before + 1));
      await vi.waitFor(async () => {
        const rows = await requireDb(t.ctx).selectFrom('email_codes').select('id').where('user_id', '=', user.id).execute();
        expect(rows).toEqual([]);
      });
    });
  });

  describe(`accounts: .eml fallback, HTTPS cookie, RATE_LIMITS=off [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { PUBLIC_URL: 'https://forum.example/', RATE_LIMITS: 'off', TRUST_PROXY: 'true' } });
    });
    afterAll(() => t?.close());

    it('writes the reset mail to DATA_DIR/mail when no SMTP server is configured; the link works', async () => {
      const { email } = await signUp(t);
      const res = await t.post('/api/login/send_reset_password_email', { email });
      expect(res.status).toBe(200);
      await t.jobs.drain();
      const mail = await waitForEml(t.dataDir, email, { subject: 'Reset your password' });
      expect(linkUrl(mail, '/user/password/reset')).toMatch(/^https:\/\/forum\.example\/user\/password\/reset\?token=[A-Za-z0-9_-]+$/);
      const code = linkToken(mail, '/user/password/reset')!;
      expect((await t.post('/api/login/reset_password', { token: code, password: 'via eml', rePassword: 'via eml' })).status).toBe(200);
      await signIn(t, email, 'via eml');
    });

    it('marks the cookie Secure behind HTTPS', async () => {
      const res = await t.post<SessionAnswer>(
        '/api/login/signup',
        { nickname: 'Secure', email: uniqueEmail(), password: 'secret1', rePassword: 'secret1' },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(res.status).toBe(200);
      const cookie = res.cookies.find((c) => c.name === TOKEN_COOKIE)!;
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
    });

    it('does not limit anything with RATE_LIMITS=off', async () => {
      const db = requireDb(t.ctx);
      await writeSettings(db, { rateLimits: { ...generousLimits, signinPerAccount: { max: 1, windowMs: 60_000 }, signupPerIp: { max: 1, windowMs: 60_000 } } }, Date.now());
      t.ctx.settings.invalidate();
      const { email } = await createUser(t);
      for (let i = 0; i < 4; i++) expect((await t.post('/api/login/signin', { username: email, password: 'wrong' })).status).toBe(400);
      expect((await t.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD })).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect((await t.post('/api/login/signup', { nickname: 'Free', email: uniqueEmail(), password: 'secret1', rePassword: 'secret1' })).status).toBe(200);
      }
    });
  });
}

// Rate limits on Redis: several processes share one count. Keys are unique to this run (random
// IPs and e-mails) and deleted afterwards; nothing else in Redis is touched.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisProblem(): Promise<string | null> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    probe.disconnect();
  }
}
const redisDown = await redisProblem();
if (redisDown && process.env.CI) throw new Error(`Redis is required in CI but unreachable: ${redisDown}`);
if (redisDown) console.warn(`[tests] skipping the Redis rate-limit suite: ${redisDown}`);

for (const dialect of redisDown ? [] : dialects) {
  describe(`accounts: rate limits on Redis, shared by two app processes [${dialect}]`, () => {
    let a: TestApp;
    let b: TestApp;
    const used: string[] = [];
    const key = (rule: string, k: string) => {
      used.push(`${rateLimitPrefix(a.ctx.config)}${rule}:${k}`);
      return k;
    };

    beforeAll(async () => {
      a = await createTestApp({ dialect, env: { REDIS_URL } });
      // A second process on the same database and the same Redis.
      b = await createTestApp({ dialect, env: { REDIS_URL }, reuse: { dataDir: a.dataDir, database: a.database } });
      await setLimits(a, {
        ...defaultSettings.rateLimits,
        signinPerIp: { max: 3, windowMs: 10 * 60_000 },
        signinPerAccount: { max: 2, windowMs: 10 * 60_000 },
        signinAttackAlert: { max: 1000, windowMs: 10 * 60_000 },
        signupPerIp: { max: 2, windowMs: 10 * 60_000 },
        mailPerIp: { max: 1, windowMs: 10 * 60_000 },
      });
      b.ctx.settings.invalidate();
    });
    afterAll(async () => {
      if (a?.ctx.redis && used.length) await a.ctx.redis.del(...used);
      await b?.stop();
      await a?.close();
    });

    it('counts failed sign-ins per account and IP across processes; the owner elsewhere is not refused', async () => {
      const { email, user } = await createUser(a);
      const ip = key('signin:ip', randomIp());
      // Charged to the account (not to the name it was signed in by) and the IP. Keyed by user
      // id, which every fresh database reuses: only the forum's namespace in the key keeps an
      // earlier run's counters (another database) from counting here.
      key('signin:account', `user:${user.id}@${ip}`);
      key('signin:alert', `user:${user.id}`);
      expect((await a.post('/api/login/signin', { username: email, password: 'wrong' }, { remoteAddress: ip })).status).toBe(400);
      expect((await b.post('/api/login/signin', { username: email, password: 'wrong' }, { remoteAddress: ip })).status).toBe(400);
      const limited = await a.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: ip });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe(7);
      const ttl = await a.ctx.redis!.pttl(`${rateLimitPrefix(a.ctx.config)}signin:account:user:${user.id}@${ip}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
      const elsewhere = key('signin:ip', randomIp());
      key('signin:account', `user:${user.id}@${elsewhere}`);
      expect((await b.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: elsewhere })).status).toBe(200);
    });

    it('counts failed sign-ins per IP across processes; a success gives its hit back', async () => {
      const ip = key('signin:ip', randomIp());
      const { email, user } = await createUser(a);
      // Keyed by user id, which every fresh database reuses: only the forum's namespace in the
      // key keeps an earlier run's counters (another database) from counting here.
      key('signin:account', `user:${user.id}@${ip}`);
      for (let i = 0; i < 3; i++) expect((await (i % 2 ? a : b).post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: ip })).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const ghost = uniqueEmail('ghost');
        key('signin:account', `name:${ghost}@${ip}`);
        key('signin:alert', `name:${ghost}`);
        expect((await (i % 2 ? a : b).post('/api/login/signin', { username: ghost, password: 'wrong' }, { remoteAddress: ip })).status).toBe(400);
      }
      const limited = await b.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: ip });
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('limits sign-ups and mails per IP across processes', async () => {
      const ip = key('signup:ip', randomIp());
      key('mail:ip', ip);
      const body = () => ({ nickname: 'Redis', email: uniqueEmail('redis'), password: 'secret1', rePassword: 'secret1' });
      expect((await a.post('/api/login/signup', body(), { remoteAddress: ip })).status).toBe(200);
      expect((await b.post('/api/login/signup', body(), { remoteAddress: ip })).status).toBe(200);
      expect((await a.post('/api/login/signup', body(), { remoteAddress: ip })).status).toBe(429);

      expect((await a.post('/api/login/send_reset_password_email', { email: uniqueEmail('ghost') }, { remoteAddress: ip })).status).toBe(200);
      const limited = await b.post('/api/login/send_reset_password_email', { email: uniqueEmail('ghost') }, { remoteAddress: ip });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe(7);
    });
  });
}
