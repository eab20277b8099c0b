/**
 * Phone sign-in and sessions over HTTP (issue 29), on every engine: codes by SMS (written to
 * DATA_DIR/sms/ without a provider, or sent to a real local HTTP provider), expiry, single use,
 * wrong tries, the limits per number and per address, the agreement, each message in the three
 * languages; a new account for a new number, binding and removing a member's phone; the member's
 * sessions (list, last seen, sign out one or the others) and the password change's choice; who may
 * call each action. A code is in no answer and in no job payload.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import { SMS_CODE, toE164 } from '../../../common/validation/phone';
import type { SessionAnswer } from '../../../common/views/auth';
import type { MemberPhoneView } from '../../../common/views/phone';
import type { MemberSessionsView } from '../../../common/views/sessions';
import { siteSettingsActions } from '../../../common/actions/site-settings';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, DEFAULT_PASSWORD, randomIp } from '../../../tests/support/factories';
import { recording } from '../../../tests/support/secrets';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { forgetPhoneOf, hasPhone } from './phone.api';

let serial = 0;
/** A fresh Thai mobile number (+66 8x xxx xxxx). */
function newPhone(): string {
  serial++;
  return `+668${String(Date.now() % 1_000_000).padStart(6, '0')}${String(serial % 100).padStart(2, '0')}`;
}

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe('phone numbers', () => {
  it('reads a valid number of any country as E.164, refuses the rest', () => {
    expect(toE164('+66 81 234 5678')).toBe('+66812345678');
    expect(toE164('081-234-5678', 'TH')).toBe('+66812345678');
    expect(toE164('+86 138 1234 5678')).toBe('+8613812345678');
    expect(toE164('+1 650 253 0000')).toBe('+16502530000');
    for (const bad of ['', '+66123', '12345', 'phone', '+66 81 234 5678 9999 1234 5678 9999 1', '+66812345678<script>']) expect(toE164(bad), bad).toBeNull();
  });
});

for (const dialect of await testDatabases()) {
  describe(`phone sign-in and sessions [${dialect}]`, () => {
    let t: TestApp;
    let http: ReturnType<typeof recording>;
    let now = Date.now();
    const smsDir = () => path.join(t.dataDir, 'sms');
    const smsFiles = () => (existsSync(smsDir()) ? readdirSync(smsDir()).sort() : []);
    /** The newest SMS written to DATA_DIR/sms/ for `phone`: its text and code. */
    function lastSms(phone: string): { text: string; code: string } {
      const texts = smsFiles()
        .map((name) => readFileSync(path.join(smsDir(), name), 'utf8'))
        .filter((text) => text.startsWith(`To: ${phone}\n`));
      const text = texts.at(-1);
      if (!text) throw new Error(`no SMS to ${phone}`);
      return { text, code: /\b(\d{6})\b/.exec(text.split('\n\n')[1] ?? '')![1]! };
    }
    async function sendCode(phone: string, ip = randomIp(), locale = 'en-US') {
      return http.post<{ cooldownMs: number }>('/api/login/phone/send_code', { phone }, { remoteAddress: ip, cookies: { locale } });
    }
    async function codeFor(phone: string): Promise<string> {
      expect((await sendCode(phone)).status).toBe(200);
      await t.jobs.drain();
      return lastSms(phone).code;
    }
    const signIn = (body: Record<string, unknown>, locale = 'en-US', ip = randomIp()) =>
      http.post<SessionAnswer>('/api/login/phone/signin', body, { remoteAddress: ip, cookies: { locale }, headers: { 'user-agent': CHROME_ANDROID } });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now } });
      http = recording(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends a code by SMS to DATA_DIR/sms/, the same answer whether or not the number has an account; the code is in no answer or job', async () => {
      const phone = newPhone();
      const res = await sendCode(phone);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ cooldownMs: SMS_CODE.cooldownMs });
      const jobs = await requireDb(t.ctx).selectFrom('jobs').select('payload').where('name', '=', 'phone.sms').execute();
      await t.jobs.drain();
      const sms = lastSms(phone);
      expect(sms.text).toContain(`${sms.code} is your Sabai code`);
      expect(jobs.map((row) => String(row.payload)).join('\n')).not.toContain(sms.code);
      expect(http.bodies.join('\n')).not.toContain(sms.code);
      // A known number's answer is the same.
      const member = await createUser(t);
      const known = newPhone();
      await requireDb(t.ctx).insertInto('user_phones').values({ user_id: member.user.id, phone: known, create_time: now, update_time: now }).execute();
      const again = await sendCode(known);
      expect(again.status).toBe(200);
      expect(again.raw.body).toBe(res.raw.body);
      // The message in the asker's language.
      const zhPhone = newPhone();
      await sendCode(zhPhone, randomIp(), 'zh-CN');
      await t.jobs.drain();
      expect(lastSms(zhPhone).text).toContain('验证码');
    });

    it('refuses a bad number naming the field, in each language; a second code within a minute, and too many per number and per address', async () => {
      for (const locale of ['en-US', 'zh-CN', 'th-TH'] as const) {
        const bad = await sendCode('+66 123', randomIp(), locale);
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.phone).toBe(String(translator(locale)('phoneSignIn.validation.phone')));
      }
      const phone = newPhone();
      expect((await sendCode(phone)).status).toBe(200);
      expect((await sendCode(phone)).status).toBe(429);
      for (let i = 0; i < 4; i++) {
        now += SMS_CODE.cooldownMs + 1;
        expect((await sendCode(phone)).status).toBe(200);
      }
      now += SMS_CODE.cooldownMs + 1;
      expect((await sendCode(phone)).status).toBe(429);
      const ip = randomIp();
      for (let i = 0; i < 10; i++) expect((await sendCode(newPhone(), ip)).status).toBe(200);
      expect((await sendCode(newPhone(), ip)).status).toBe(429);
    });

    it('signs a new number in as a new account (cookie set), the agreement required; the code works once', async () => {
      const phone = newPhone();
      const code = await codeFor(phone);
      const unagreed = await signIn({ phone, code, agree: false });
      expect(unagreed.status).toBe(400);
      expect(unagreed.body.fields?.agree).toBe('Please accept the user agreement.');
      expect((await signIn({ phone, code })).body.fields?.agree).toBeDefined();
      const res = await signIn({ phone, code, agree: true, redirect: '/topics' });
      expect(res.status).toBe(200);
      expect(res.body.data?.user.nickname).toBe(`Member ${phone.slice(-4)}`);
      expect(res.body.data?.redirect).toBe('/topics');
      expect(res.cookies.find((c) => c.name === TOKEN_COOKIE)?.value).toBe(res.body.data?.token);
      expect(await hasPhone(requireDb(t.ctx), res.body.data!.user.id)).toBe(true);
      const reused = await signIn({ phone, code, agree: true });
      expect(reused.status).toBe(400);
      expect(reused.body.fields?.code).toBe('This code was already used. Ask for a new one.');
      // The same number again: the same account.
      now += SMS_CODE.cooldownMs + 1;
      const second = await signIn({ phone, code: await codeFor(phone), agree: true });
      expect(second.body.data?.user.id).toBe(res.body.data?.user.id);
    });

    it('a code expires after five minutes; wrong tries are counted and the fifth burns it; each message in three languages', async () => {
      const phone = newPhone();
      const code = await codeFor(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages = (key: string) => ['en-US', 'zh-CN', 'th-TH'].map((locale) => String(translator(locale as 'en-US')(`phoneSignIn.errors.${key}`)));
      const [en, zh, th] = messages('codeWrong');
      expect((await signIn({ phone, code: wrong, agree: true })).body.fields?.code).toBe(en);
      expect((await signIn({ phone, code: wrong, agree: true }, 'zh-CN')).body.fields?.code).toBe(zh);
      expect((await signIn({ phone, code: wrong, agree: true }, 'th-TH')).body.fields?.code).toBe(th);
      expect((await signIn({ phone, code: wrong, agree: true })).body.fields?.code).toBe(en);
      expect((await signIn({ phone, code: wrong, agree: true })).body.fields?.code).toBe(messages('codeBurned')[0]);
      expect((await signIn({ phone, code, agree: true }, 'zh-CN')).body.fields?.code).toBe(messages('codeBurned')[1]);

      now += SMS_CODE.cooldownMs + 1;
      const late = await codeFor(phone);
      now += SMS_CODE.ttlMs;
      expect((await signIn({ phone, code: late, agree: true }, 'th-TH')).body.fields?.code).toBe(messages('codeExpired')[2]);
      expect((await signIn({ phone: newPhone(), code: '123456', agree: true })).body.fields?.code).toBe(messages('codeNone')[0]);
      expect((await signIn({ phone, code: '12ab', agree: true })).body.fields?.code).toBe('Enter the six-digit code.');
      // Only the newest code counts.
      now += SMS_CODE.cooldownMs + 1;
      const older = await codeFor(phone);
      now += SMS_CODE.cooldownMs + 1;
      const newer = await codeFor(phone);
      if (older !== newer) expect((await signIn({ phone, code: older, agree: true })).status).toBe(400);
      expect((await signIn({ phone, code: newer, agree: true })).status).toBe(200);
    });

    it('failed sign-ins are limited per address; a success gives its hit back', async () => {
      const ip = randomIp();
      const phone = newPhone();
      await codeFor(phone);
      let last = 0;
      for (let i = 0; i < 31; i++) last = (await signIn({ phone: newPhone(), code: '123456', agree: true }, 'en-US', ip)).status;
      expect(last).toBe(429);
    });

    it('a member binds a number with a code, changes it, cannot take another account’s, removes it only with another way in', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const phone = newPhone();
      expect((await http.get<MemberPhoneView>('/api/user/phone', { token: member.token })).body.data).toEqual({ phone: null, removable: false });
      expect((await http.post('/api/user/phone/send_code', { phone }, { token: member.token, remoteAddress: randomIp() })).status).toBe(200);
      await t.jobs.drain();
      const { code } = lastSms(phone);
      // Another member cannot use this member's code.
      expect((await http.post('/api/user/phone/bind', { phone, code }, { token: other.token })).body.fields?.code).toBe('No code was sent to this number. Ask for one first.');
      const bound = await http.post<MemberPhoneView>('/api/user/phone/bind', { phone, code }, { token: member.token });
      expect(bound.status).toBe(200);
      expect(bound.body.data).toEqual({ phone, removable: true });
      // The other member asks for the same number: refused at the bind, on `phone`.
      now += SMS_CODE.cooldownMs + 1;
      await http.post('/api/user/phone/send_code', { phone }, { token: other.token, remoteAddress: randomIp() });
      await t.jobs.drain();
      const taken = await http.post('/api/user/phone/bind', { phone, code: lastSms(phone).code }, { token: other.token });
      expect(taken.status).toBe(409);
      expect(taken.body.fields?.phone).toBe('This number belongs to another account.');
      // Phone sign-in now signs in as the member.
      now += SMS_CODE.cooldownMs + 1;
      expect((await signIn({ phone, code: await codeFor(phone), agree: true })).body.data?.user.id).toBe(member.user.id);
      const removed = await http.post<MemberPhoneView>('/api/user/phone/remove', {}, { token: member.token });
      expect(removed.body.data).toEqual({ phone: null, removable: false });

      // A member who came by phone has no other way in: the phone stays.
      const fresh = newPhone();
      const session = await signIn({ phone: fresh, code: await codeFor(fresh), agree: true });
      const token = session.body.data!.token;
      expect((await http.get<MemberPhoneView>('/api/user/phone', { token })).body.data).toEqual({ phone: fresh, removable: false });
      const kept = await http.post('/api/user/phone/remove', {}, { token });
      expect(kept.status).toBe(403);
      expect(kept.body.message).toBe(String(translator('en-US')('phoneSignIn.errors.lastWayIn')));
      // The account deletion's hook forgets the number and its codes.
      await forgetPhoneOf(requireDb(t.ctx), session.body.data!.user.id);
      expect(await hasPhone(requireDb(t.ctx), session.body.data!.user.id)).toBe(false);
      expect(await requireDb(t.ctx).selectFrom('sms_codes').select('id').where('phone', '=', fresh).execute()).toEqual([]);
    });

    it('who may call each action: members only for a member’s phone and sessions; a ban closes none of them; another site cannot sign in', async () => {
      const banned = await createUser(t, { banned: true });
      for (const [method, url, body] of [
        ['GET', '/api/user/phone', undefined],
        ['POST', '/api/user/phone/send_code', { phone: newPhone() }],
        ['POST', '/api/user/phone/bind', { phone: newPhone(), code: '123456' }],
        ['POST', '/api/user/phone/remove', {}],
        ['GET', '/api/user/sessions', undefined],
        ['POST', '/api/user/sessions/revoke', { id: 1 }],
        ['POST', '/api/user/sessions/revoke_others', {}],
      ] as const) {
        expect((await t.request(method, url, { body, remoteAddress: randomIp() })).status, `${url} anonymous`).toBe(401);
        expect((await t.request(method, url, { body, token: banned.token, remoteAddress: randomIp() })).status, `${url} banned`).not.toBe(403);
      }
      const crossSite = { 'sec-fetch-site': 'cross-site' };
      expect((await t.post('/api/login/phone/send_code', { phone: newPhone() }, { headers: crossSite })).status).toBe(403);
      expect((await t.post('/api/login/phone/signin', { phone: newPhone(), code: '123456', agree: true }, { headers: crossSite })).status).toBe(403);
    });

    it('lists the member’s sessions (device, country, last seen, this one marked), ends one and all the others; never another member’s', async () => {
      const member = await createUser(t);
      const stranger = await createUser(t);
      const phone = newPhone();
      await http.post('/api/user/phone/send_code', { phone }, { token: member.token, remoteAddress: randomIp() });
      await t.jobs.drain();
      await http.post('/api/user/phone/bind', { phone, code: lastSms(phone).code }, { token: member.token });
      now += SMS_CODE.cooldownMs + 1;
      const phoneSession = await signIn({ phone, code: await codeFor(phone), agree: true }, 'en-US', '8.8.8.8');
      const mine = phoneSession.body.data!.token;
      const list = await http.get<MemberSessionsView>('/api/user/sessions', { token: mine });
      expect(list.status).toBe(200);
      const sessions = list.body.data!.sessions;
      expect(sessions).toHaveLength(2);
      const current = sessions.find((s) => s.current)!;
      expect(current.device).toBe('Chrome · Android');
      expect(current.country).toBe('US');
      expect(Object.keys(current).sort()).toEqual(['country', 'createTime', 'current', 'device', 'id', 'lastSeenTime']);
      expect(list.raw.body).not.toContain(mine);

      // Last seen: refreshed on use, at most every few minutes.
      const other = sessions.find((s) => !s.current)!;
      now += 6 * 60_000;
      await http.get('/api/user/current', { token: member.token });
      const later = (await http.get<MemberSessionsView>('/api/user/sessions', { token: mine })).body.data!.sessions;
      expect(later.find((s) => s.id === other.id)!.lastSeenTime).toBe(now);

      // Another member's session id ends nothing.
      const strangers = (await http.get<MemberSessionsView>('/api/user/sessions', { token: stranger.token })).body.data!.sessions;
      expect((await http.post('/api/user/sessions/revoke', { id: strangers[0]!.id }, { token: mine })).body.data).toEqual({ ended: 0 });
      expect((await http.get('/api/user/current', { token: stranger.token })).status).toBe(200);

      expect((await http.post('/api/user/sessions/revoke', { id: other.id }, { token: mine })).body.data).toEqual({ ended: 1 });
      expect((await http.get('/api/user/current', { token: member.token })).body.data).toBeNull();
      // Two more sessions, then all the others end.
      now += SMS_CODE.cooldownMs + 1;
      await signIn({ phone, code: await codeFor(phone), agree: true });
      now += SMS_CODE.cooldownMs + 1;
      await signIn({ phone, code: await codeFor(phone), agree: true });
      expect((await http.post('/api/user/sessions/revoke_others', {}, { token: mine })).body.data).toEqual({ ended: 2 });
      expect((await http.get<MemberSessionsView>('/api/user/sessions', { token: mine })).body.data!.sessions).toHaveLength(1);
    });

    it('a password change ends the other sessions unless the member unticks it', async () => {
      const member = await createUser(t);
      const second = await http.post<SessionAnswer>('/api/login/signin', { username: member.email, password: DEFAULT_PASSWORD }, { remoteAddress: randomIp() });
      const keep = await http.post('/api/user/update_password', { oldPassword: DEFAULT_PASSWORD, password: 'another 42', rePassword: 'another 42', endOtherSessions: false }, { token: member.token });
      expect(keep.status).toBe(200);
      expect((await http.get<{ id: number } | null>('/api/user/current', { token: second.body.data!.token })).body.data?.id).toBe(member.user.id);
      await http.post('/api/user/update_password', { oldPassword: 'another 42', password: 'third one 42', rePassword: 'third one 42' }, { token: member.token });
      expect((await http.get('/api/user/current', { token: second.body.data!.token })).body.data).toBeNull();
    });

    it('sends through the HTTP provider set in the back office, its API key a secret never answered', async () => {
      const received: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
      const server: Server = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
          res.writeHead(received.length === 1 ? 503 : 200).end('{}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const admin = await createUser(t, { role: 'admin' });
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send?to={{phone}}`;
        const saved = await http.post<{ settings: { sms: unknown; smsApiKey: string } }>(
          '/api/admin/settings',
          { sms: { url, method: 'POST', headers: 'Content-Type: application/json\nAuthorization: Bearer {{apiKey}}', body: '{"text":"{{message}}","code":"{{code}}","site":"{{site}}"}' }, smsApiKey: 'key-s3cret-9' },
          { token: admin.token },
        );
        expect(saved.status).toBe(200);
        expect(saved.body.data?.settings.smsApiKey).toBe('********');
        expect(saved.raw.body).not.toContain('key-s3cret-9');
        const filesBefore = smsFiles().length;
        const phone = newPhone();
        expect((await sendCode(phone)).status).toBe(200);
        await t.jobs.drain();
        // The first answer is a 503: the job is retried.
        now += 60_000;
        await t.jobs.drain();
        expect(received).toHaveLength(2);
        const request = received[1]!;
        expect(request.method).toBe('POST');
        expect(request.url).toBe(`/send?to=${encodeURIComponent(phone)}`);
        expect(request.headers.authorization).toBe('Bearer key-s3cret-9');
        const body = JSON.parse(request.body) as { text: string; code: string; site: string };
        expect(body.code).toMatch(/^\d{6}$/);
        expect(body.text).toContain(body.code);
        expect(body.site).toBe('Sabai');
        expect(smsFiles().length).toBe(filesBefore);
        // The code it carried signs in.
        expect((await signIn({ phone, code: body.code, agree: true })).status).toBe(200);
        // The mask sent back keeps the key; an empty url goes back to files.
        await http.post('/api/admin/settings', { smsApiKey: '********', sms: { url: '', method: 'POST', headers: '', body: '' } }, { token: admin.token });
        expect((await requireDb(t.ctx).selectFrom('site_secrets').select('value').where('name', '=', 'sms.apiKey').executeTakeFirst())?.value).toBe('key-s3cret-9');
        const badUrl = await http.post('/api/admin/settings', { sms: { url: 'ftp://x', method: 'POST', headers: '', body: '' } }, { token: admin.token });
        expect(badUrl.body.fields?.['sms.url']).toBeDefined();
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('the user agreement: a default in the reader’s language, or the one the admin wrote', async () => {
      const zh = await t.read(siteSettingsActions.agreement, {}, { locale: 'zh-CN' });
      expect(zh.ok && zh.data.html).toContain('用户协议');
      await writeTestSettings(t, { userAgreement: '# House rules\n\nBe *kind*.' }, now);
      const written = await t.read(siteSettingsActions.agreement, {});
      expect(written.ok && written.data.html).toContain('<em>kind</em>');
      await writeTestSettings(t, { userAgreement: '' }, now);
    });
  });
}
