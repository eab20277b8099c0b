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
 * - a mail asked for through the balancer is sent once;
 * - a picture uploaded through one process is served by the other (object storage: each process
 *   has its own data directory, as two machines would, and a local S3 server holds uploads).
 *
 * Needs the build (`npm run build`: CI makes it before the tests) and HAProxy (Debian's package,
 * installed by `.ci/run`); outside CI a missing one skips the suite with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { haproxyAvailable } from '../support/balancer';
import { startCluster, stopCluster, type Cluster } from '../support/cluster';
import { testDatabases } from '../support/databases';
import { ROOT } from '../support/e2e-server';
import { DEFAULT_PASSWORD } from '../support/factories';
import { readEmlMails } from '../support/mail';
import { multipart } from '../support/multipart';

/** Sign-ups one address may make in the window: small, so the test reaches it. */
const SIGNUPS_PER_IP = 3;

const built = existsSync(path.join(ROOT, 'build', 'server-app', 'main.js'));
const haproxy = haproxyAvailable();
if (process.env.CI && (!built || !haproxy)) throw new Error(`two-process proof needs ${built ? '' : 'the build (npm run build) '}${haproxy ? '' : 'HAProxy (apt-get install haproxy)'}`);
if (!built || !haproxy) console.warn(`[tests] skipping the two-process proof: ${built ? '' : 'no build; '}${haproxy ? '' : 'no haproxy'}`);

const engines = (await testDatabases()).filter((engine) => engine !== 'sqlite');

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
      c = await startCluster(dialect as 'mysql' | 'postgres', { signupsPerIp: SIGNUPS_PER_IP });
    }, 120_000);

    afterAll(async () => {
      if (c) await stopCluster(c);
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
      // Each process writes the mail it sends into its own data directory.
      const sentTo = () => [...readEmlMails(c.t.dataDir), ...readEmlMails(c.dataDirB)].filter((mail) => mail.to.includes(address.toLowerCase())).length;
      const before = sentTo();
      const res = await post(`${c.balancer.url}/api/login/send_reset_password_email`, { email: address });
      expect(res.status, await res.clone().text()).toBe(200);
      await expect.poll(sentTo, { timeout: 15_000 }).toBe(before + 1);
      // Both processes run jobs (BullMQ on the shared Redis): give the other one time to send it too.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sentTo()).toBe(before + 1);
    });

    it('a picture uploaded through one process is served by the other', async () => {
      const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 120, b: Date.now() % 256 } } })
        .png()
        .toBuffer();
      const body = multipart([{ field: 'image', filename: 'khao-soi.png', contentType: 'image/png', data: png }]);
      const uploaded = await fetch(`${c.a.url}/api/upload`, { method: 'POST', headers: { 'content-type': body.contentType, 'x-user-token': c.author.token }, body: new Uint8Array(body.payload) });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
      expect(url).toMatch(/^\/uploads\//);
      // Not on B's disk: B answers from the bucket (its bytes passed through, no public URL set).
      const served = await fetch(c.b.url + url, { redirect: 'follow' });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    });
  });
}
