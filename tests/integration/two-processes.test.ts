/**
 * Two processes, proven (issue 33 item 6): two compiled app processes on one database and one
 * Redis, behind HAProxy (round robin, as docs/operations/two-processes.md deploys them), on
 * MariaDB and on PostgreSQL. Whichever process answers, a member's session, the rate limits, the
 * page cache's drops, the live events and the jobs behave as on one process:
 *
 * - a session made through one process is known to the other;
 * - a rate limit counts the requests both processes answered;
 * - a write through one process drops the page the other had stored;
 * - a live event (the unread badge) reaches a stream the other process holds;
 * - a mail asked for through the balancer is sent once.
 *
 * Needs the build (`npm run build`: CI makes it before the tests) and HAProxy (Debian's package,
 * installed by `.ci/run`); outside CI a missing one skips the suite with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startBalancer, haproxyAvailable, type Balancer } from '../support/balancer';
import { testDatabases } from '../support/databases';
import { ROOT, startServer, type E2eServer } from '../support/e2e-server';
import { createUser, DEFAULT_PASSWORD, type CreatedUser } from '../support/factories';
import { readEmlMails, waitForEml } from '../support/mail';
import { createTestApp, writeTestSettings, type TestApp } from '../support/test-app';
import { createTopic } from '../support/topic-factories';
import { defaultSettings } from '../../server/modules/settings/settings.schema';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Sign-ups one address may make in the window: small, so the test reaches it. */
const SIGNUPS_PER_IP = 3;

const built = existsSync(path.join(ROOT, 'build', 'server-app', 'main.js'));
const haproxy = haproxyAvailable();
if (process.env.CI && (!built || !haproxy)) throw new Error(`two-process proof needs ${built ? '' : 'the build (npm run build) '}${haproxy ? '' : 'HAProxy (apt-get install haproxy)'}`);
if (!built || !haproxy) console.warn(`[tests] skipping the two-process proof: ${built ? '' : 'no build; '}${haproxy ? '' : 'no haproxy'}`);

const engines = (await testDatabases()).filter((engine) => engine !== 'sqlite');

interface Cluster {
  t: TestApp;
  a: E2eServer;
  b: E2eServer;
  balancer: Balancer;
  author: CreatedUser;
  reader: CreatedUser;
  topicId: number;
  /** A second topic of the reader's, answered only in the live-event test (answers to one topic gather in one unread row). */
  quietTopicId: number;
}

/** The forum installed on `dialect`, its two members and a topic of the reader's; then two processes and the balancer. */
async function startCluster(dialect: 'mysql' | 'postgres'): Promise<Cluster> {
  const t = await createTestApp({ dialect });
  const now = t.ctx.clock.now();
  await writeTestSettings(t, { rateLimits: { ...defaultSettings.rateLimits, signupPerIp: { max: SIGNUPS_PER_IP, windowMs: 600_000 } } }, now);
  const author = await createUser(t);
  const reader = await createUser(t);
  const topicId = await createTopic(t, reader.user, { title: 'Where to eat khao soi in Chiang Mai' });
  const quietTopicId = await createTopic(t, reader.user, { title: 'ร้านข้าวซอยที่เชียงใหม่' });
  await t.stop();
  const env = { REDIS_URL, TRUST_PROXY: '127.0.0.1', RATE_LIMITS: 'on' };
  const [a, b] = await Promise.all([startServer({ dataDir: t.dataDir, env }), startServer({ dataDir: t.dataDir, env })]);
  const balancer = await startBalancer([
    { name: 'a', port: a.port },
    { name: 'b', port: b.port },
  ]);
  return { t, a, b, balancer, author, reader, topicId, quietTopicId };
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) }, body: JSON.stringify(body) });
}

/** A server-sent event stream read event by event. */
function eventStream(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    /** Reads until `match` accepts an event (its data answered), or throws after `timeoutMs`. */
    async until(match: (event: string, data: string) => boolean, timeoutMs: number): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          if (match(event, data)) return data;
        }
        const left = deadline - Date.now();
        const chunk = left > 0 ? await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]) : null;
        if (!chunk || chunk.done) throw new Error(`no matching event within ${timeoutMs} ms; last bytes: ${buffer.slice(-300)}`);
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}

for (const dialect of engines) {
  describe.runIf(built && haproxy)(`two processes behind HAProxy on ${dialect} + Redis`, () => {
    let c: Cluster;

    beforeAll(async () => {
      c = await startCluster(dialect as 'mysql' | 'postgres');
    }, 120_000);

    afterAll(async () => {
      await c?.balancer.stop();
      await Promise.all([c?.a.stop(), c?.b.stop()]);
      await c?.t.close();
    });

    it('a session made through one process is known to the other', async () => {
      const signIn = await post(`${c.balancer.url}/api/login/signin`, { username: c.reader.email, password: DEFAULT_PASSWORD });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const { token } = ((await signIn.json()) as { data: { token: string } }).data;
      const servedBy = new Set<string>();
      for (let i = 0; i < 4; i += 1) {
        const me = await fetch(`${c.balancer.url}/api/user/current`, { headers: { 'x-user-token': token } });
        expect(me.status).toBe(200);
        expect(((await me.json()) as { data: { id: number } }).data.id).toBe(c.reader.user.id);
        servedBy.add(me.headers.get('x-served-by') ?? '?');
      }
      expect([...servedBy].sort()).toEqual(['a', 'b']);
      // Signed out through one, the session is gone on both.
      expect((await fetch(`${c.a.url}/api/login/signout`, { headers: { 'x-user-token': token } })).status).toBe(200);
      for (const server of [c.a, c.b]) {
        const me = (await (await fetch(`${server.url}/api/user/current`, { headers: { 'x-user-token': token } })).json()) as { data: unknown };
        expect(me.data).toBeNull();
      }
    });

    it('a rate limit counts the requests both processes answered', async () => {
      const statuses: number[] = [];
      const servedBy = new Set<string>();
      for (let i = 0; i <= SIGNUPS_PER_IP; i += 1) {
        const tag = `${Date.now().toString(36)}${i}`;
        const res = await post(`${c.balancer.url}/api/login/signup`, { nickname: `Somchai ${tag}`, email: `somchai.${tag}@example.com`, password: 'member-pass-1', rePassword: 'member-pass-1' });
        statuses.push(res.status);
        servedBy.add(res.headers.get('x-served-by') ?? '?');
      }
      expect(servedBy.size).toBe(2);
      expect(statuses).toEqual([...Array(SIGNUPS_PER_IP).fill(200), 429]);
    });

    it('a write through one process drops the page the other had stored', async () => {
      const page = `/topic/${c.topicId}`;
      for (const server of [c.a, c.b]) {
        await fetch(server.url + page);
        const again = await fetch(server.url + page);
        expect(again.headers.get('x-page-cache'), `${server.url} stores the page`).toBe('hit');
      }
      const text = `Try the stall behind Wat Chedi Luang ${Date.now()}`;
      const comment = await post(`${c.a.url}/api/comment/create`, { entityType: 'topic', entityId: c.topicId, content: text }, c.author.token);
      expect(comment.status, await comment.clone().text()).toBe(200);
      // The drop travels on Redis after the write commits: B's next read renders anew.
      await expect.poll(async () => (await (await fetch(c.b.url + page)).text()).includes(text), { timeout: 5_000 }).toBe(true);
    });

    it('a live event reaches a stream the other process holds', async () => {
      const res = await fetch(`${c.a.url}/api/user/events`, { headers: { 'x-user-token': c.reader.token, accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const stream = eventStream(res);
      try {
        const count = (data: string) => (JSON.parse(data) as { count: number }).count;
        const before = count(await stream.until((event) => event === 'unread', 5_000));
        // The author answers the reader's topic through B: the reader's unread count, held by A, rises.
        const comment = await post(`${c.b.url}/api/comment/create`, { entityType: 'topic', entityId: c.quietTopicId, content: `A second bowl, please ${Date.now()}` }, c.author.token);
        expect(comment.status, await comment.clone().text()).toBe(200);
        expect(count(await stream.until((event, data) => event === 'unread' && count(data) > before, 10_000))).toBeGreaterThan(before);
      } finally {
        await stream.close();
      }
    });

    it('a mail asked for through the balancer is sent once', async () => {
      const address = c.reader.email!;
      const before = readEmlMails(c.t.dataDir).length;
      const res = await post(`${c.balancer.url}/api/login/send_reset_password_email`, { email: address });
      expect(res.status, await res.clone().text()).toBe(200);
      await waitForEml(c.t.dataDir, address, { after: before, timeoutMs: 15_000 });
      // Both processes run jobs (BullMQ on the shared Redis): give the other one time to send it too.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const sent = readEmlMails(c.t.dataDir)
        .slice(before)
        .filter((mail) => mail.to.includes(address.toLowerCase()));
      expect(sent).toHaveLength(1);
    });
  });
}
