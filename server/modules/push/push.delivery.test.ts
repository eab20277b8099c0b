/**
 * The decisive push test, on every engine: a local push service (tests/support/push-service.ts)
 * acts as a real one — it verifies each push's VAPID JWT (RFC 8292) and decrypts its aes128gcm
 * body (RFC 8291/8188) with node:crypto, never with web-push's code. A member subscribes with a
 * browser's real P-256 key pair and auth secret, another member comments on their topic through
 * the HTTP API, the job runs: each device receives the notification once, in the language it
 * subscribed in, with the item's title and link. A device the service says is gone (404/410) is
 * forgotten; a failing one is retried alone, so the others never receive it twice. No answer
 * and no log line ever holds the private key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushDeviceView, PushKeyView } from '../../../common/views/push';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { startPushService, type BrowserSubscription, type PushService } from '../../../tests/support/push-service';
import { privateKeysOf } from '../../../tests/support/secrets';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { siteBaseUrl } from '../../http/site-address';

for (const dialect of await testDatabases()) {
  describe(`push delivery to a real push service [${dialect}]`, () => {
    let t: TestApp;
    let service: PushService;
    let now = Date.now();
    const logs: string[] = [];
    const answers: string[] = [];
    let author: CreatedUser;
    let commenter: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now }, env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => void logs.push(line) } });
      service = await startPushService();
      author = await createUser(t);
      commenter = await createUser(t, { nickname: `Commenter ${Date.now()}` });
      await writeTestSettings(t, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, now);
    });
    afterAll(async () => {
      await service?.close();
      await t?.close();
    });

    async function subscribe(member: CreatedUser, locale: string, host?: string): Promise<{ browser: BrowserSubscription; device: PushDeviceView }> {
      const browser = service.browserSubscription(host);
      const res = await t.post<PushDeviceView>('/api/user/push/subscribe', browser, { token: member.token, headers: { 'accept-language': locale } });
      answers.push(res.raw.body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { browser, device: res.body.data! };
    }

    async function comment(on: number, content: string): Promise<number> {
      const res = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: on, content }, { token: commenter.token });
      answers.push(res.raw.body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!.id;
    }

    const deliveriesTo = (browser: BrowserSubscription) => service.deliveries.filter((d) => browser.endpoint.endsWith(`/${d.id}`));

    it('a comment reaches each device once, decrypted, in its language, signed with the site’s key', async () => {
      const zh = await subscribe(author, 'zh-CN');
      const en = await subscribe(author, 'en-US');
      const title = `Push me ${Date.now()}`;
      const topicId = await createTopic(t, author.user, { title });
      const commentId = await comment(topicId, 'A reply worth a buzz');
      expect(service.deliveries).toHaveLength(0);
      await t.jobs.drain();

      expect(service.refused).toEqual([]);
      const link = `${siteBaseUrl(t.ctx.config)}/topic/${topicId}#comment-${commentId}`;
      const tag = `topic_comment:/topic/${topicId}`;
      expect(deliveriesTo(zh.browser).map((d) => d.payload)).toEqual([{ title: `${commenter.user.nickname} 评论了你的话题「${title}」`, body: 'A reply worth a buzz', url: link, tag }]);
      expect(deliveriesTo(en.browser).map((d) => d.payload)).toEqual([{ title: `${commenter.user.nickname} commented on your topic “${title}”`, body: 'A reply worth a buzz', url: link, tag }]);

      const key = await t.get<PushKeyView>('/api/user/push/key', { token: author.token });
      answers.push(key.raw.body);
      for (const delivery of service.deliveries) {
        // Signed by the key the browsers were given, for this service's origin, within a day.
        expect(delivery.vapidKey).toBe(key.body.data!.publicKey);
        expect(delivery.claims.aud).toBe(service.origin);
        expect(delivery.claims.sub).toMatch(/^(mailto:|https:)/);
        expect(delivery.ttl).toBe(86_400);
        expect(delivery.urgency).toBe('normal');
        // One topic per item: a newer push of the same item replaces an undelivered older one.
        expect(delivery.topic).toMatch(/^[\w-]{32}$/);
        expect(delivery.topic).toBe(service.deliveries[0]!.topic);
      }
      const rows = await requireDb(t.ctx).selectFrom('push_subscriptions').select(['id', 'last_success_time']).where('user_id', '=', author.user.id).orderBy('id').execute();
      expect(rows).toEqual([
        { id: zh.device.id, last_success_time: now },
        { id: en.device.id, last_success_time: now },
      ]);
      // Once: nothing more is due.
      await t.jobs.drain();
      expect(service.deliveries).toHaveLength(2);

      // A newer comment on the same topic: the same Topic and tag, so it replaces the older notification.
      await comment(topicId, 'And another');
      await t.jobs.drain();
      expect(service.deliveries).toHaveLength(4);
      const [newer] = deliveriesTo(zh.browser).slice(1);
      expect(newer?.topic).toBe(service.deliveries[0]!.topic);
      expect(newer?.payload).toMatchObject({ tag, body: 'And another' });
    });

    it('a device gone (404, 410) is forgotten; a failing one is retried alone, the others never get it twice', async () => {
      const owner = await createUser(t);
      // Named, not an address: the server resolves it through its guarded lookup (loopback allowed under test).
      const good = await subscribe(owner, 'en-US', 'localhost');
      const gone = await subscribe(owner, 'en-US');
      const missing = await subscribe(owner, 'zh-CN');
      const failing = await subscribe(owner, 'zh-CN');
      service.answer(gone.browser.endpoint, 410);
      service.answer(missing.browser.endpoint, 404);
      service.answer(failing.browser.endpoint, 500);
      const before = service.deliveries.length;
      const topicId = await createTopic(t, owner.user, { title: 'Flaky devices' });
      await comment(topicId, 'Are you there?');
      await t.jobs.drain();

      expect(deliveriesTo(good.browser)).toHaveLength(1);
      const kept = async () => (await requireDb(t.ctx).selectFrom('push_subscriptions').select('id').where('user_id', '=', owner.user.id).orderBy('id').execute()).map((row) => row.id);
      expect(await kept()).toEqual([good.device.id, failing.device.id]);
      const retries = await requireDb(t.ctx).selectFrom('jobs').select(['name', 'status', 'payload']).where('name', '=', 'push.device').execute();
      expect(retries).toEqual([expect.objectContaining({ name: 'push.device', payload: expect.stringContaining(`"subscriptionId":${failing.device.id}`) })]);

      // Still failing at the first retry: the runner tries it again later; the good device hears nothing more.
      now += 31_000;
      await t.jobs.drain();
      expect(deliveriesTo(good.browser)).toHaveLength(1);
      // The service recovers: the retry delivers, once.
      service.answer(failing.browser.endpoint, null);
      now += 61_000;
      await t.jobs.drain();
      expect(deliveriesTo(failing.browser).map((d) => d.payload)).toEqual([expect.objectContaining({ title: expect.stringContaining('评论了你的话题「Flaky devices」') })]);
      expect(deliveriesTo(good.browser)).toHaveLength(1);
      expect(service.deliveries.length - before).toBe(2);
      expect(service.refused).toEqual([]);
    });

    it('no answer and no log line holds the private key', async () => {
      const stored = await requireDb(t.ctx).selectFrom('site_secrets').select('value').execute();
      const [privateKey] = stored.flatMap((row) => privateKeysOf(row.value));
      expect(privateKey).toMatch(/^[\w-]{43}$/);
      expect(logs.length).toBeGreaterThan(5);
      // The failing device's retries were logged (with why), never with the key.
      expect(logs.some((line) => line.includes('push service answered 500'))).toBe(true);
      for (const text of [...answers, ...logs]) expect(text.includes(privateKey!)).toBe(false);
    });
  });
}
