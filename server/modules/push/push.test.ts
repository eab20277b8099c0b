/**
 * Web Push subscriptions over HTTP, on every engine: the site's public key (made once, even by
 * racing callers; the private half never answered), subscribing this browser (validation, the
 * SSRF rules, the language it was made in), subscribing again, another member's endpoint, the
 * per-member cap, unsubscribing, the device list and its removal, the rate limit.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_LIMITS } from '../../../common/constants';
import type { PushDevicesView, PushDeviceView, PushKeyView } from '../../../common/views/push';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { privateKeysOf, recording } from '../../../tests/support/secrets';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { loadConfig } from '../../config';
import { endpointProblem, guardedLookup, isPrivateAddress } from './push.endpoint';
import { deviceName } from './push.device';
import { ensureVapidKeys, vapidSubject } from './push.vapid';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A browser's subscription: a real P-256 key and auth secret, an endpoint of a (pretend) push service. */
function browserKeys() {
  return { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
let counter = 0;
function endpoint(): string {
  return `http://127.0.0.1:9/push/${Date.now()}-${++counter}`;
}

describe('push endpoints: what the server may send to', () => {
  const production = { env: 'production' as const };
  const test = { env: 'test' as const };
  it('production: https to a public name only; private, loopback, link-local and local names refused', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', production)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', production)).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', production)).toBe('push.validation.endpointHttps');
    expect(endpointProblem('http://127.0.0.1:8080/push/1', production)).toBe('push.validation.endpointHttps');
    for (const url of ['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://192.168.1.1/x', 'https://[::1]/x', 'https://[fd00::1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://localhost/x', 'https://printer.local/x', 'https://intranet/x', 'https://0.0.0.0/x']) {
      expect(endpointProblem(url, production), url).toBe('push.validation.endpointPrivate');
    }
    expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', production)).toBe('push.validation.endpoint');
    expect(endpointProblem('ftp://fcm.googleapis.com/x', production)).toBe('push.validation.endpointHttps');
    expect(endpointProblem('https://8.8.8.8/x', production)).toBeNull();
  });
  it('tests and development: a local push service on loopback too, nothing else private', () => {
    expect(endpointProblem('http://127.0.0.1:8080/push/1', test)).toBeNull();
    expect(endpointProblem('http://localhost:8080/push/1', { env: 'development' })).toBeNull();
    expect(endpointProblem('http://10.0.0.1/push/1', test)).toBe('push.validation.endpointHttps');
    expect(endpointProblem('https://10.0.0.1/push/1', test)).toBe('push.validation.endpointPrivate');
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
  });
  it('when connecting, a name that resolves to a private address is refused (loopback only under test)', async () => {
    const lookUp = (allowLocal: boolean, all: boolean) =>
      new Promise<unknown>((resolve) => guardedLookup(allowLocal)('localhost', { all }, (error, address) => resolve(error ? error.code : address)));
    expect(await lookUp(false, true)).toBe('EPUSHPRIVATE');
    expect(await lookUp(false, false)).toBe('EPUSHPRIVATE');
    expect(await lookUp(true, true)).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]));
    expect(await lookUp(true, false)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
  it('names devices and picks the VAPID subject', () => {
    expect(deviceName(CHROME_ANDROID)).toBe('Chrome · Android');
    expect(deviceName(FIREFOX_WINDOWS)).toBe('Firefox · Windows');
    expect(deviceName('curl/8')).toBe('');
    const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp' });
    expect(vapidSubject({ ...base, publicUrl: 'https://forum.example.org/' })).toBe('https://forum.example.org');
    expect(vapidSubject({ ...base, publicUrl: 'http://localhost:3000', mailFrom: 'Sabai <no-reply@example.org>' })).toBe('mailto:no-reply@example.org');
    expect(vapidSubject({ ...base, publicUrl: 'http://localhost:3000', mailFrom: null })).toBe('mailto:webmaster@localhost');
  });
});

for (const dialect of await testDatabases()) {
  describe(`push subscriptions [${dialect}]`, () => {
    let t: TestApp;
    let http: ReturnType<typeof recording>;
    let member: CreatedUser;
    let other: CreatedUser;
    let now = Date.now();
    const rows = (userId: number) => requireDb(t.ctx).selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    const subscribe = (who: CreatedUser, body: unknown, headers: Record<string, string> = {}) => http.post<PushDeviceView>('/api/user/push/subscribe', body, { token: who.token, headers: { 'user-agent': CHROME_ANDROID, ...headers } });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now } });
      http = recording(t);
      member = await createUser(t);
      other = await createUser(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the public key: signed in only; made once on first need, by racing callers too; never the private half', async () => {
      const db = requireDb(t.ctx);
      expect((await http.get('/api/user/push/key')).status).toBe(401);
      // A site installed before push has no pair yet: five racing callers end with one.
      await db.deleteFrom('site_secrets').execute();
      const pairs = await Promise.all([1, 2, 3, 4, 5].map(() => ensureVapidKeys(db, t.ctx.clock.now())));
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
      expect(await db.selectFrom('site_secrets').select('name').execute()).toEqual([{ name: 'vapid' }]);
      // Two processes on one database (a second app on the same data): one pair, whoever inserts first.
      const second = await createTestApp({ dialect, reuse: { dataDir: t.dataDir, database: t.database } });
      try {
        for (let round = 0; round < 3; round++) {
          await db.deleteFrom('site_secrets').execute();
          const [a, b] = await Promise.all([ensureVapidKeys(db, now), ensureVapidKeys(requireDb(second.ctx), now)]);
          expect(a).toEqual(b);
        }
      } finally {
        await second.stop();
      }
      expect(await db.selectFrom('site_secrets').select('name').execute()).toEqual([{ name: 'vapid' }]);
      const [kept] = await db.selectFrom('site_secrets').select('value').execute();
      pairs[0] = JSON.parse(kept!.value) as typeof pairs[0];
      const res = await http.get<PushKeyView>('/api/user/push/key', { token: member.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ publicKey: pairs[0]!.publicKey });
      expect(Buffer.from(res.body.data!.publicKey, 'base64url')).toHaveLength(65);
      expect((await http.get<PushKeyView>('/api/user/push/key', { token: other.token })).body.data).toEqual({ publicKey: pairs[0]!.publicKey });
    });

    it('subscribes this browser in the member’s language; the same endpoint again updates its row', async () => {
      const url = endpoint();
      const first = await subscribe(member, { endpoint: url, keys: browserKeys() }, { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toEqual({ id: expect.any(Number), device: 'Chrome · Android', createTime: expect.any(Number), lastSuccessTime: 0 });
      expect(await rows(member.user.id)).toEqual([expect.objectContaining({ endpoint: url, locale: 'zh-CN', user_agent: CHROME_ANDROID })]);
      const keys = browserKeys();
      const again = await subscribe(member, { endpoint: url, keys }, { 'accept-language': 'en-US', 'user-agent': FIREFOX_WINDOWS });
      expect(again.body.data?.id).toBe(first.body.data!.id);
      expect(await rows(member.user.id)).toEqual([expect.objectContaining({ id: first.body.data!.id, p256dh: keys.p256dh, auth: keys.auth, locale: 'en-US', user_agent: FIREFOX_WINDOWS })]);
    });

    it('another member’s endpoint: subscribing it moves it to them; unsubscribing or removing it does nothing to its owner', async () => {
      const url = endpoint();
      const mine = await subscribe(member, { endpoint: url, keys: browserKeys() });
      expect((await http.post('/api/user/push/unsubscribe', { endpoint: url }, { token: other.token })).body.data).toEqual({ removed: false });
      const removal = await http.post('/api/user/push/devices/remove', { id: mine.body.data!.id }, { token: other.token });
      expect(removal.status).toBe(404);
      expect(removal.body.message).toBe('This device is not among yours.');
      expect((await rows(member.user.id)).map((row) => row.endpoint)).toContain(url);
      // The browser another member signed in on now notifies them.
      const moved = await subscribe(other, { endpoint: url, keys: browserKeys() });
      expect(moved.body.data?.id).toBe(mine.body.data!.id);
      expect((await rows(member.user.id)).map((row) => row.endpoint)).not.toContain(url);
      expect((await rows(other.user.id)).map((row) => row.endpoint)).toEqual([url]);
    });

    it(`keeps at most ${NOTIFICATION_LIMITS.pushPerUser} devices per member: the oldest goes`, async () => {
      const owner = await createUser(t);
      const urls: string[] = [];
      for (let i = 0; i <= NOTIFICATION_LIMITS.pushPerUser; i++) {
        urls.push(endpoint());
        now += 1000;
        expect((await subscribe(owner, { endpoint: urls[i], keys: browserKeys() })).status).toBe(200);
      }
      const kept = (await rows(owner.user.id)).map((row) => row.endpoint);
      expect(kept).toHaveLength(NOTIFICATION_LIMITS.pushPerUser);
      expect(kept).not.toContain(urls[0]);
      expect(kept).toContain(urls[NOTIFICATION_LIMITS.pushPerUser]);
      // The device list: newest first.
      const list = await http.get<PushDevicesView>('/api/user/push/devices', { token: owner.token });
      expect(list.body.data!.devices).toHaveLength(NOTIFICATION_LIMITS.pushPerUser);
      expect(list.body.data!.devices[0]).toEqual({ id: expect.any(Number), device: 'Chrome · Android', createTime: expect.any(Number), lastSuccessTime: 0 });
      // Removing one; unsubscribing another by its endpoint.
      expect((await http.post('/api/user/push/devices/remove', { id: list.body.data!.devices[0]!.id }, { token: owner.token })).status).toBe(200);
      expect((await http.post('/api/user/push/unsubscribe', { endpoint: urls[1] }, { token: owner.token })).body.data).toEqual({ removed: true });
      expect((await http.post('/api/user/push/unsubscribe', { endpoint: urls[1] }, { token: owner.token })).body.data).toEqual({ removed: false });
      expect(await rows(owner.user.id)).toHaveLength(NOTIFICATION_LIMITS.pushPerUser - 2);
    });

    it('refuses bad subscriptions with 400 naming the field, in the reader’s language, writing nothing', async () => {
      const before = await rows(member.user.id);
      const keys = browserKeys();
      const cases: Array<[unknown, string, string]> = [
        [{ endpoint: 'not-a-url', keys }, 'endpoint', 'The push endpoint must be a web address.'],
        [{ endpoint: 'not a url', keys }, 'endpoint', 'An address cannot contain spaces, tabs, line breaks or other invisible characters (write a space as %20)'],
        [{ endpoint: 'http://push.example.com/x', keys }, 'endpoint', 'The push endpoint must be an https address.'],
        [{ endpoint: 'https://10.0.0.8/push/x', keys }, 'endpoint', 'The push endpoint must be a public push service, not a private or local address.'],
        [{ endpoint: 'https://169.254.169.254/latest/meta-data', keys }, 'endpoint', 'The push endpoint must be a public push service, not a private or local address.'],
        [{ endpoint: endpoint(), keys: { ...keys, p256dh: keys.p256dh.slice(1) } }, 'keys.p256dh', 'The subscription’s public key (p256dh) must be a P-256 key, 65 bytes in base64url.'],
        [{ endpoint: endpoint(), keys: { ...keys, p256dh: `BA${'A'.repeat(85)}` } }, 'keys.p256dh', 'The subscription’s public key (p256dh) must be a P-256 key, 65 bytes in base64url.'],
        [{ endpoint: endpoint(), keys: { ...keys, auth: `${keys.auth}AAAA` } }, 'keys.auth', 'The subscription’s auth secret must be 16 bytes in base64url.'],
        [{ endpoint: endpoint(), keys: { ...keys, auth: 'a+b/c'.padEnd(22, 'x') } }, 'keys.auth', 'The subscription’s auth secret must be 16 bytes in base64url.'],
        [{ endpoint: endpoint() }, 'keys', 'The subscription’s keys are missing.'],
        [{ endpoint: `https://push.example.com/${'x'.repeat(1100)}`, keys }, 'endpoint', 'The push endpoint must be a web address.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await subscribe(member, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(message);
      }
      const zh = await subscribe(member, { endpoint: 'https://10.0.0.8/push/x', keys }, { 'accept-language': 'zh-CN' });
      expect(zh.body.fields?.endpoint).toBe('推送地址必须是公开的推送服务，不能是内网或本机地址。');
      expect(await rows(member.user.id)).toEqual(before);
    });

    it('only signed-in members; subscribing is rate limited per member', async () => {
      expect((await http.post('/api/user/push/subscribe', { endpoint: endpoint(), keys: browserKeys() })).status).toBe(401);
      expect((await http.get('/api/user/push/devices')).status).toBe(401);
      const busy = await createUser(t);
      let refused = 0;
      for (let i = 0; i < 22; i++) if ((await subscribe(busy, { endpoint: endpoint(), keys: browserKeys() })).status === 429) refused++;
      expect(refused).toBe(2);
    });

    it('no answer ever held the private key', async () => {
      const stored = await requireDb(t.ctx).selectFrom('site_secrets').select('value').execute();
      const privateKeys = stored.flatMap((row) => privateKeysOf(row.value));
      expect(privateKeys).toHaveLength(1);
      const all = http.bodies.join('\n');
      expect(http.bodies.length).toBeGreaterThan(20);
      for (const key of privateKeys) expect(all.includes(key)).toBe(false);
      expect(all).not.toContain('privateKey');
    });
  });
}
