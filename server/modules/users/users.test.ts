/**
 * The user routes over HTTP, on every engine: current user, public profile, profile update,
 * username (once), e-mail (with verification mails from a real SMTP server and from .eml
 * files), passwords; bans, validation in both locales, audit rows, and no leaks.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDb } from '../../context';
import type { Clock } from '../../infra/clock';
import { listAuditFor } from '../audit/audit.service';
import { defaultSettings, type Settings } from '../settings/settings.schema';
import { writeSettings } from '../settings/settings.service';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, DEFAULT_PASSWORD, randomIp, signIn, signUp, uniq, uniqueEmail } from '../../../tests/support/factories';
import { linkToken, linkUrl, startSmtpServer, waitForEml, type TestSmtpServer } from '../../../tests/support/mail';
import { expectNoSecrets, recording } from '../../../tests/support/secrets';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { CurrentUser, PublicUser } from './users.presenter';

const HOUR = 3_600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const PUBLIC_KEYS = [
  'avatar',
  'background',
  'articleCount',
  'commentCount',
  'createTime',
  'fansCount',
  'followCount',
  'followed',
  'forbidden',
  'homePage',
  'id',
  'nickname',
  'rank',
  'score',
  'signature',
  'smallAvatar',
  'topicCount',
  'username',
  'vip',
].sort();
const CURRENT_KEYS = [...PUBLIC_KEYS, 'email', 'emailVerified', 'passwordSet', 'role', 'roles', 'banReason'].sort();

function testClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms) => (offset += ms), reset: () => (offset = 0) };
}

const generousLimits: Settings['rateLimits'] = {
  ...defaultSettings.rateLimits,
  signinPerIp: { max: 1000, windowMs: 60_000 },
  signinPerAccount: { max: 1000, windowMs: 60_000 },
  signupPerIp: { max: 1000, windowMs: 60_000 },
  mailPerIp: { max: 1000, windowMs: 60_000 },
};

for (const dialect of await testDatabases()) {
  describe(`user routes [${dialect}]`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let api: ReturnType<typeof recording>;
    /** Answers of routes that show a user to someone else: must never hold an e-mail. */
    const publicBodies: string[] = [];
    const clock = testClock();

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp({ dialect, clock, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://forum.test:8080' } });
      api = recording(t);
      await writeSettings(requireDb(t.ctx), { rateLimits: generousLimits, siteTitle: 'Test Forum' }, Date.now());
      t.ctx.settings.invalidate();
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    describe('user/current and user/{id}', () => {
      it('answers null for an anonymous visitor, and for an unknown token', async () => {
        expect((await api.get('/api/user/current')).body).toEqual({ success: true, data: null });
        expect((await api.get('/api/user/current', { token: 'not-a-token' })).body).toEqual({ success: true, data: null });
        expect((await api.get('/api/user/current', { token: 'x'.repeat(500) })).body.data).toBeNull();
      });

      it("answers the signed-in user's own shape: e-mail, verification, password, roles", async () => {
        const admin = await createUser(t, { role: 'admin', username: `Admin${uniq().slice(0, 4)}` });
        const res = await api.get<CurrentUser>('/api/user/current', { token: admin.token });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body.data!).sort()).toEqual(CURRENT_KEYS);
        expect(res.body.data).toMatchObject({
          id: admin.user.id,
          email: admin.email,
          emailVerified: true,
          passwordSet: true,
          role: 'admin',
          roles: ['admin'],
          username: admin.user.username,
        });
        const none = await createUser(t, { password: null, email: null });
        expect((await api.get<CurrentUser>('/api/user/current', { token: none.token })).body.data).toMatchObject({ email: null, emailVerified: false, passwordSet: false });
      });

      it('answers a public profile without e-mail or secrets; 404 for unknown, deleted or malformed ids', async () => {
        const { user } = await createUser(t, { nickname: 'Public Person', banned: true });
        await requireDb(t.ctx).updateTable('users').set({ signature: 'hello', home_page: 'https://example.org', score: 12, vip_expire_time: -1 }).where('id', '=', user.id).execute();
        const res = await api.get<PublicUser>(`/api/user/${user.id}`);
        publicBodies.push(res.raw.body);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body.data!).sort()).toEqual(PUBLIC_KEYS);
        expect(res.body.data).toMatchObject({
          id: user.id,
          nickname: 'Public Person',
          signature: 'hello',
          homePage: 'https://example.org',
          score: 12,
          rank: user.id,
          vip: { active: true, expireTime: -1 },
          forbidden: { until: user.forbidden_until },
          followed: false,
        });
        expect(res.raw.body).not.toContain('@');

        await requireDb(t.ctx).updateTable('users').set({ status: 1 }).where('id', '=', user.id).execute();
        for (const path of [`/api/user/${user.id}`, '/api/user/999999999', '/api/user/abc', '/api/user/0', '/api/user/-3', '/api/user/1.5']) {
          const missing = await api.get(path);
          expect(missing.status, path).toBe(404);
          expect(missing.body.errorCode).toBe(6);
        }
        const zh = await api.get('/api/user/999999999', { cookies: { locale: 'zh-CN' } });
        expect(zh.body.message).toBe('用户不存在');
      });

      it('shows an ended ban as none', async () => {
        const { user } = await createUser(t, { banned: clock.now() - 1000 });
        const res = await api.get<PublicUser>(`/api/user/${user.id}`);
        publicBodies.push(res.raw.body);
        expect(res.body.data!.forbidden).toEqual({ until: 0 });
      });
    });

    describe('user/update', () => {
      it('updates nickname, signature and home page, trimmed; a partial update keeps the rest', async () => {
        const { token, user } = await createUser(t);
        const res = await api.post<CurrentUser>('/api/user/update', { nickname: ' Renamed ', signature: ' Hi there ', homePage: 'https://me.example/' }, { token });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ id: user.id, nickname: 'Renamed', signature: 'Hi there', homePage: 'https://me.example/', email: user.email });
        const partial = await api.post<CurrentUser>('/api/user/update', { signature: '' }, { token });
        expect(partial.body.data).toMatchObject({ nickname: 'Renamed', signature: '', homePage: 'https://me.example/' });
        const cleared = await t.request<CurrentUser>('POST', '/api/user/update', { token, form: { homePage: '' } });
        expect(cleared.body.data!.homePage).toBe('');
      });

      it('validates each field, in both locales, and changes nothing on failure', async () => {
        const { token } = await createUser(t, { nickname: 'Steady' });
        const res = await api.post('/api/user/update', { nickname: '  ', signature: 's'.repeat(201), homePage: 'javascript:alert(1)' }, { token });
        expect(res.status).toBe(400);
        expect(res.body.errorCode).toBe(5);
        expect(res.body.fields).toEqual({
          nickname: 'Please enter nickname',
          signature: 'The signature can be at most 200 characters',
          homePage: 'The home page must be a web address starting with http:// or https://',
        });
        const zh = await api.post('/api/user/update', { nickname: 'ok', homePage: 'ftp://x.example' }, { token, cookies: { locale: 'zh-CN' } });
        expect(zh.body.fields).toEqual({ homePage: '主页须为以 http:// 或 https:// 开头的网址' });
        expect((await api.get<CurrentUser>('/api/user/current', { token })).body.data!.nickname).toBe('Steady');
      });

      it('needs a signed-in writer: 401 anonymous, 403 errorCode 3 banned (with the end), moderators pass', async () => {
        const anonymous = await api.post('/api/user/update', { nickname: 'x' });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.errorCode).toBe(1);

        const until = Date.UTC(2031, 0, 2, 3, 4);
        const banned = await createUser(t, { banned: until });
        const refused = await api.post('/api/user/update', { nickname: 'x' }, { token: banned.token });
        expect(refused.status).toBe(403);
        expect(refused.body.errorCode).toBe(3);
        expect(refused.body.message).toContain('2031');
        const forever = await createUser(t, { banned: -1 });
        const refusedZh = await api.post('/api/user/update', { nickname: 'x' }, { token: forever.token, cookies: { locale: 'zh-CN' } });
        expect(refusedZh.body).toMatchObject({ errorCode: 3, message: '你的账号已被永久禁言' });

        const moderator = await createUser(t, { role: 'moderator', banned: -1 });
        expect((await api.post('/api/user/update', { nickname: 'Mod' }, { token: moderator.token })).status).toBe(200);
      });
    });

    describe('user/set_username', () => {
      it('sets a username once; sign-in by it works in any case', async () => {
        const { token, email } = await createUser(t);
        const name = `Neo_${uniq().slice(0, 6)}`;
        const res = await api.post<CurrentUser>('/api/user/set_username', { username: name }, { token });
        expect(res.status).toBe(200);
        expect(res.body.data!.username).toBe(name);
        const again = await api.post('/api/user/set_username', { username: `Other${uniq().slice(0, 4)}` }, { token });
        expect(again.status).toBe(403);
        expect(again.body).toMatchObject({ errorCode: 2, message: 'Your username is already set and cannot be changed' });
        expect((await signIn(t, name.toUpperCase())).user.email).toBe(email);
      });

      it('keeps usernames unique regardless of case (409, field username)', async () => {
        const first = await createUser(t);
        const second = await createUser(t);
        const name = `Taken${uniq().slice(0, 5)}`;
        expect((await api.post('/api/user/set_username', { username: name }, { token: first.token })).status).toBe(200);
        for (const attempt of [name, name.toLowerCase(), name.toUpperCase()]) {
          const res = await api.post('/api/user/set_username', { username: attempt }, { token: second.token });
          expect(res.status, attempt).toBe(409);
          expect(res.body).toMatchObject({ errorCode: 9, fields: { username: 'This username is already taken' } });
        }
        const zh = await api.post('/api/user/set_username', { username: name }, { token: second.token, cookies: { locale: 'zh-CN' } });
        expect(zh.body.fields).toEqual({ username: '该用户名已被占用' });
        expect((await api.get<CurrentUser>('/api/user/current', { token: second.token })).body.data!.username).toBeNull();
      });

      it('lets only one of concurrent claims to the same name through', async () => {
        const users = await Promise.all([0, 1, 2].map(() => createUser(t)));
        const name = `Race${uniq().slice(0, 6)}`;
        const results = await Promise.all(users.map((u) => api.post('/api/user/set_username', { username: name }, { token: u.token })));
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      });

      it('validates: 5–12 letters, digits, _ or -, starting with a letter', async () => {
        const { token } = await createUser(t);
        for (const bad of ['1abcde', '_abcde', 'abc de', 'abc@de', 'abcdé']) {
          const res = await api.post('/api/user/set_username', { username: bad }, { token });
          expect(res.status, bad).toBe(400);
          expect(res.body.fields, bad).toEqual({ username: 'The username must be 5 to 12 letters, digits, _ or -, starting with a letter' });
        }
        // A length out of bounds says which bound, never cut to fit.
        for (const [bad, message] of [
          ['abcd', 'The username must be at least 5 characters'],
          ['a'.repeat(13), 'The username can be at most 12 characters'],
          ['abcdefghijklmnop', 'The username can be at most 12 characters'],
        ] as const) {
          const res = await api.post('/api/user/set_username', { username: bad }, { token });
          expect(res.status, bad).toBe(400);
          expect(res.body.fields, bad).toEqual({ username: message });
        }
        const zhLong = await api.post('/api/user/set_username', { username: 'a'.repeat(13) }, { token, cookies: { locale: 'zh-CN' } });
        expect(zhLong.body.fields).toEqual({ username: '用户名最多 12 个字符' });
        const zh = await api.post('/api/user/set_username', { username: '9lives' }, { token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.fields).toEqual({ username: '用户名须为 5 到 12 位字母、数字、下划线或连字符，且以字母开头' });
        const empty = await api.post('/api/user/set_username', {}, { token });
        expect(empty.body.fields).toEqual({ username: 'Please enter username' });
        for (const good of ['abcde', 'A-b_c-1234yz']) {
          const other = await createUser(t);
          expect((await api.post('/api/user/set_username', { username: good }, { token: other.token })).status, good).toBe(200);
        }
      });

      it('refuses anonymous and banned users', async () => {
        expect((await api.post('/api/user/set_username', { username: 'abcdef' })).status).toBe(401);
        const banned = await createUser(t, { banned: true });
        const res = await api.post('/api/user/set_username', { username: `Ban${uniq().slice(0, 5)}` }, { token: banned.token });
        expect(res.status).toBe(403);
        expect(res.body.errorCode).toBe(3);
      });
    });

    describe('user/set_email and e-mail verification (real SMTP server)', () => {
      it('changes the e-mail (lower-cased, unverified) and records it in the audit log', async () => {
        const { token, user, email: old } = await createUser(t);
        const next = `Changed.${uniq()}@Example.com`;
        const res = await api.post<CurrentUser>('/api/user/set_email', { email: next }, { token, remoteAddress: '10.9.8.7' });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ email: next.toLowerCase(), emailVerified: false });
        const audit = await listAuditFor(requireDb(t.ctx), 'user', user.id);
        expect(audit[0]).toMatchObject({ actorId: user.id, action: 'user.email_changed', detail: { from: old, to: next.toLowerCase() }, ip: '10.9.8.7' });
        expect(await signIn(t, next)).toBeTruthy();
      });

      it('keeps verification when the same address is set again', async () => {
        const { token, email } = await createUser(t);
        const res = await api.post<CurrentUser>('/api/user/set_email', { email: email!.toUpperCase() }, { token });
        expect(res.body.data).toMatchObject({ email, emailVerified: true });
      });

      it("refuses another account's e-mail (409) and bad input (400), in both locales", async () => {
        const other = await createUser(t);
        const { token } = await createUser(t);
        const taken = await api.post('/api/user/set_email', { email: other.email!.toUpperCase() }, { token });
        expect(taken.status).toBe(409);
        expect(taken.body).toMatchObject({ errorCode: 9, fields: { email: 'This e-mail is already in use' } });
        const bad = await api.post('/api/user/set_email', { email: 'user@' }, { token, cookies: { locale: 'zh-CN' } });
        expect(bad.status).toBe(400);
        expect(bad.body.fields).toEqual({ email: '请输入有效的邮箱地址' });
        expect((await api.post('/api/user/set_email', { email: 'x@example.com' })).status).toBe(401);
      });

      it('mails a verification link (request locale, configured site address, not the Host header); the link verifies once and answers {email}', async () => {
        const { token, email, user } = await createUser(t, { verified: false });
        const before = smtp.mails.length;
        const sent = await api.post('/api/user/send_verify_email', {}, { token, headers: { host: 'evil.example' }, cookies: { locale: 'zh-CN' } });
        expect(sent.status).toBe(200);
        expect(sent.body.data).toBeNull();
        const mail = await smtp.waitFor(email!, { after: before });
        expect(mail.subject).toBe('验证你在 Test Forum 的邮箱');
        expect(mail.text).toContain(user.nickname);
        expect(mail.text).toContain('24 小时');
        expect(mail.html).toContain('验证邮箱');
        expect(linkUrl(mail, '/user/email/verify')).toMatch(/^http:\/\/forum\.test:8080\/user\/email\/verify\?token=[A-Za-z0-9_-]{22,}$/);
        const code = linkToken(mail, '/user/email/verify')!;

        const rows = await requireDb(t.ctx).selectFrom('email_codes').selectAll().where('user_id', '=', user.id).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ purpose: 'verify', email, code_hash: sha256(code), used_time: null });
        expect(rows[0]!.expire_time - rows[0]!.create_time).toBe(24 * HOUR);

        // Opening the link needs no session (it may be another device).
        const verified = await api.post('/api/user/verify_email', { token: code });
        expect(verified.status).toBe(200);
        expect(verified.body.data).toEqual({ email });
        expect((await api.get<CurrentUser>('/api/user/current', { token })).body.data!.emailVerified).toBe(true);

        const reused = await api.post('/api/user/verify_email', { token: code });
        expect(reused.status).toBe(400);
        expect(reused.body).toMatchObject({ errorCode: 5, fields: { token: 'This link has already been used' } });

        const already = await api.post('/api/user/send_verify_email', {}, { token });
        expect(already.status).toBe(400);
        expect(already.body.message).toBe('Your e-mail is already verified');
      });

      it('sends in English by default, and refuses without an e-mail or a session', async () => {
        const { token, email } = await createUser(t, { verified: false });
        const before = smtp.mails.length;
        expect((await api.post('/api/user/send_verify_email', {}, { token })).status).toBe(200);
        const mail = await smtp.waitFor(email!, { after: before });
        expect(mail.subject).toBe('Verify your e-mail on Test Forum');
        expect(mail.text).toContain('within 24 hours');

        const none = await createUser(t, { email: null });
        const noEmail = await api.post('/api/user/send_verify_email', {}, { token: none.token });
        expect(noEmail.status).toBe(400);
        expect(noEmail.body.message).toBe('Please set an e-mail first');
        expect((await api.post('/api/user/send_verify_email', {})).status).toBe(401);
      });

      it('refuses an expired link, a link for a former address, and unknown or missing tokens', async () => {
        const { token, email } = await createUser(t, { verified: false });
        let before = smtp.mails.length;
        await api.post('/api/user/send_verify_email', {}, { token });
        const code = linkToken(await smtp.waitFor(email!, { after: before }), '/user/email/verify')!;
        try {
          clock.advance(24 * HOUR + 1000);
          const expired = await api.post('/api/user/verify_email', { token: code }, { cookies: { locale: 'zh-CN' } });
          expect(expired.status).toBe(400);
          expect(expired.body.fields).toEqual({ token: '链接已过期，请重新获取。' });
        } finally {
          clock.reset();
          t.ctx.settings.invalidate();
        }

        before = smtp.mails.length;
        await api.post('/api/user/send_verify_email', {}, { token });
        const stale = linkToken(await smtp.waitFor(email!, { after: before }), '/user/email/verify')!;
        expect((await api.post('/api/user/set_email', { email: uniqueEmail('moved') }, { token })).status).toBe(200);
        const former = await api.post('/api/user/verify_email', { token: stale });
        expect(former.status).toBe(400);
        expect(former.body.fields).toEqual({ token: 'This link is invalid' });
        expect((await api.get<CurrentUser>('/api/user/current', { token })).body.data!.emailVerified).toBe(false);

        expect((await api.post('/api/user/verify_email', { token: 'nope'.repeat(10) })).body.fields).toEqual({ token: 'This link is invalid' });
        expect((await api.post('/api/user/verify_email', {})).body.fields).toEqual({ token: 'The link is incomplete. Please open the whole link from the mail.' });
      });
    });

    describe('passwords', () => {
      it('sets a first password only when none is set', async () => {
        const { token, email, user } = await createUser(t, { password: null });
        const mismatch = await api.post('/api/user/set_password', { password: 'first1', rePassword: 'first2' }, { token });
        expect(mismatch.body.fields).toEqual({ rePassword: 'Passwords do not match' });
        const res = await api.post<CurrentUser>('/api/user/set_password', { password: 'first1', rePassword: 'first1' }, { token });
        expect(res.status).toBe(200);
        expect(res.body.data!.passwordSet).toBe(true);
        await signIn(t, email!, 'first1');
        const again = await api.post('/api/user/set_password', { password: 'second2', rePassword: 'second2' }, { token });
        expect(again.status).toBe(403);
        expect(again.body.message).toBe('A password is already set. Change it with your current password.');
        const audit = await listAuditFor(requireDb(t.ctx), 'user', user.id);
        expect(audit.map((a) => a.action)).toEqual(['user.password_set']);
        expect((await api.post('/api/user/set_password', { password: 'first1', rePassword: 'first1' })).status).toBe(401);
      });

      it('changes the password with the current one, keeps this session and ends the others', async () => {
        const { token, email, user } = await createUser(t);
        const other = await signIn(t, email!);
        const wrong = await api.post('/api/user/update_password', { oldPassword: 'nope', password: 'newpass1', rePassword: 'newpass1' }, { token });
        expect(wrong.status).toBe(400);
        expect(wrong.body).toMatchObject({ errorCode: 5, fields: { oldPassword: 'The current password is wrong' } });
        const zh = await api.post('/api/user/update_password', { oldPassword: '', password: '1', rePassword: '2' }, { token, cookies: { locale: 'zh-CN' } });
        expect(zh.body.fields).toEqual({ oldPassword: '请输入当前密码', password: '密码至少 6 个字符', rePassword: '两次输入的密码不一致' });

        const res = await api.post<CurrentUser>('/api/user/update_password', { oldPassword: DEFAULT_PASSWORD, password: 'newpass1', rePassword: 'newpass1' }, { token, remoteAddress: '10.1.2.3' });
        expect(res.status).toBe(200);
        expect(res.body.data!.id).toBe(user.id);
        expect((await api.get('/api/user/current', { token })).body.data).not.toBeNull();
        expect((await api.get('/api/user/current', { token: other.token })).body.data).toBeNull();
        await signIn(t, email!, 'newpass1');
        expect((await api.post('/api/login/signin', { username: email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() })).status).toBe(400);
        const audit = await listAuditFor(requireDb(t.ctx), 'user', user.id);
        expect(audit.find((a) => a.action === 'user.password_changed')).toMatchObject({ actorId: user.id, ip: '10.1.2.3' });
        expect(JSON.stringify(audit)).not.toMatch(/newpass1|argon2/);
      });

      it('refuses update_password without a password set, and limits guesses of the current one', async () => {
        const none = await createUser(t, { password: null });
        const res = await api.post('/api/user/update_password', { oldPassword: 'x', password: 'newpass1', rePassword: 'newpass1' }, { token: none.token });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('No password is set yet. Set one first.');

        await writeSettings(requireDb(t.ctx), { rateLimits: { ...generousLimits, signinPerAccount: { max: 2, windowMs: 60_000 } } }, Date.now());
        t.ctx.settings.invalidate();
        try {
          const { token } = await createUser(t);
          const guess = () => api.post('/api/user/update_password', { oldPassword: 'guess', password: 'newpass1', rePassword: 'newpass1' }, { token });
          expect((await guess()).status).toBe(400);
          expect((await guess()).status).toBe(400);
          const limited = await guess();
          expect(limited.status).toBe(429);
          expect(limited.body.errorCode).toBe(7);
        } finally {
          await writeSettings(requireDb(t.ctx), { rateLimits: generousLimits }, Date.now());
          t.ctx.settings.invalidate();
        }
      });

      it('lets a banned user look after their account (e-mail, password) but not their public profile', async () => {
        const banned = await createUser(t, { banned: -1, verified: false });
        expect((await api.post('/api/user/update_password', { oldPassword: DEFAULT_PASSWORD, password: 'newpass1', rePassword: 'newpass1' }, { token: banned.token })).status).toBe(200);
        expect((await api.post('/api/user/set_email', { email: uniqueEmail('banned') }, { token: banned.token })).status).toBe(200);
        expect((await api.post('/api/user/send_verify_email', {}, { token: banned.token })).status).toBe(200);
        expect((await api.post('/api/user/update', { signature: 'still here' }, { token: banned.token })).status).toBe(403);
      });
    });

    it('authorizes every account write as a matrix: anonymous, member, banned, unverified, moderator, admin', async () => {
      const writes: Array<{ path: string; body: () => Record<string, string>; profile: boolean }> = [
        { path: '/api/user/update', body: () => ({ signature: 'matrix' }), profile: true },
        { path: '/api/user/set_username', body: () => ({ username: `M${uniq()}` }), profile: true },
        { path: '/api/user/update_background', body: () => ({ background: '' }), profile: true },
        { path: '/api/user/set_email', body: () => ({ email: uniqueEmail('matrix') }), profile: false },
        { path: '/api/user/set_password', body: () => ({ password: 'matrix1', rePassword: 'matrix1' }), profile: false },
        { path: '/api/user/update_password', body: () => ({ oldPassword: DEFAULT_PASSWORD, password: 'matrix2', rePassword: 'matrix2' }), profile: false },
        { path: '/api/user/send_verify_email', body: () => ({}), profile: false },
      ];
      const actors = {
        member: () => createUser(t),
        banned: () => createUser(t, { banned: true, verified: false }),
        unverified: () => createUser(t, { verified: false }),
        moderator: () => createUser(t, { role: 'moderator', verified: false }),
        admin: () => createUser(t, { role: 'admin', verified: false }),
      };
      for (const write of writes) {
        const anonymous = await api.post(write.path, write.body());
        expect(anonymous.status, `${write.path} anonymous`).toBe(401);
        expect(anonymous.body.errorCode).toBe(1);
        for (const [name, make] of Object.entries(actors)) {
          const actor = await make();
          const res = await api.post(write.path, write.body(), { token: actor.token });
          const label = `${write.path} as ${name}: ${res.status} ${res.body.message ?? ''}`;
          if (name === 'banned' && write.profile) {
            expect(res.status, label).toBe(403);
            expect(res.body.errorCode, label).toBe(3);
          } else {
            expect(res.status, label).not.toBe(401);
            expect(res.body.errorCode, label).not.toBe(3);
            expect(res.body.errorCode, label).not.toBe(4);
            // set_password is refused (403, errorCode 2) for accounts that already have one;
            // send_verify_email (400) for an already verified address.
            if (write.path === '/api/user/set_password') expect(res.body.message, label).toBe('A password is already set. Change it with your current password.');
            else if (write.path === '/api/user/send_verify_email' && name === 'member') expect(res.body.message, label).toBe('Your e-mail is already verified');
            else expect(res.status, label).toBe(200);
          }
        }
      }
    });

    it('answers no password hash, token digest, code digest; public shapes hold no e-mail', async () => {
      await expectNoSecrets(t, api.bodies);
      expect(publicBodies.length).toBeGreaterThan(1);
      for (const body of publicBodies) expect(body).not.toMatch(/@|"email"/);
    });
  });

  describe(`e-mail verification through the .eml fallback [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { RATE_LIMITS: 'off' } });
    });
    afterAll(() => t?.close());

    it('writes the verification mail to DATA_DIR/mail; its link verifies', async () => {
      const { token, email } = await signUp(t, { nickname: 'Offline' });
      expect((await t.post('/api/user/send_verify_email', {}, { token, headers: { host: 'evil.example' } })).status).toBe(200);
      const mail = await waitForEml(t.dataDir, email, { subject: 'Verify your e-mail' });
      expect(mail.text).toContain('Offline');
      // No PUBLIC_URL and none recorded: this machine's address (PORT defaults to 3000).
      expect(linkUrl(mail, '/user/email/verify')).toMatch(/^http:\/\/localhost:3000\/user\/email\/verify\?token=/);
      const res = await t.post('/api/user/verify_email', { token: linkToken(mail, '/user/email/verify') });
      expect(res.body).toEqual({ success: true, data: { email } });
    });

    it('uses the smtp setting when SMTP_URL is unset, and answers "Failed to send email" when it is down', async () => {
      const db = requireDb(t.ctx);
      const smtp = await startSmtpServer();
      try {
        await writeSettings(db, { smtp: { url: smtp.url, from: 'Settings <settings@example.com>' } }, Date.now());
        t.ctx.settings.invalidate();
        const { token, email, user } = await signUp(t);
        expect((await t.post('/api/user/send_verify_email', {}, { token })).status).toBe(200);
        const mail = await smtp.waitFor(email);
        expect(mail.raw).toMatch(/^From: Settings <settings@example\.com>/m);

        await writeSettings(db, { smtp: { url: 'smtp://127.0.0.1:1', from: '' } }, Date.now());
        t.ctx.settings.invalidate();
        const codesOf = async () => db.selectFrom('email_codes').select('id').where('user_id', '=', user.id).where('used_time', 'is', null).execute();
        const codesBefore = await codesOf();
        const down = await t.post('/api/user/send_verify_email', {}, { token, cookies: { locale: 'zh-CN' } });
        expect(down.status).toBe(502);
        expect(down.body).toEqual({ success: false, errorCode: 0, message: '邮件发送失败' });
        // No live code is left behind for a mail that never left.
        expect(await codesOf()).toEqual(codesBefore);
      } finally {
        await writeSettings(db, { smtp: { url: '', from: '' } }, Date.now());
        t.ctx.settings.invalidate();
        await smtp.close();
      }
    });
  });
}
