/**
 * The live unread badge over real HTTP connections: `GET /api/user/events` on a listening
 * server, read with fetch. In one process (in-memory bus) and across two OS processes on one
 * database sharing Redis: this test process's app, and a second `server/main.ts` spawned as
 * production runs it (its own DATA_DIR and port); a message written through one reaches a
 * stream held by the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { freePort, ROOT } from '../../../tests/support/e2e-server';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { writePersistedConfig, type DbConfig } from '../../config';
import { MemoryEventBus } from '../../infra/events';
import { SSE_HEADERS, UnreadHub, UNREAD_TOPIC } from './unread-hub';

const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * Across processes a change travels through Redis to the other process's streams: tens of
 * milliseconds alone, but the second process is a child competing with four test workers for
 * two cores on CI (one run saw 1.1 s). Two and a half seconds still tells a push from a stream
 * that only hears on reconnect (`retry: 5000`).
 */
const LIVE_MS = 2500;

interface SseEvent {
  event: string;
  data: string;
  at: number;
}

/** An open event stream: every event and comment received, in order. */
class Stream {
  readonly events: SseEvent[] = [];
  comments = 0;
  ended = false;
  status = 0;
  private readonly controller = new AbortController();
  private buffer = '';

  static async open(url: string, token?: string): Promise<Stream> {
    const stream = new Stream();
    const res = await fetch(url, { headers: token ? { 'x-user-token': token } : {}, signal: stream.controller.signal });
    stream.status = res.status;
    stream.headers = res.headers;
    if (res.status !== 200 || !res.body) {
      stream.body = await res.text();
      stream.ended = true;
      return stream;
    }
    void stream.pump(res.body.getReader());
    return stream;
  }

  headers: Headers | null = null;
  body = '';

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = this.buffer.indexOf('\n\n')) !== -1) {
          const block = this.buffer.slice(0, cut);
          this.buffer = this.buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) this.comments += 1;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) this.events.push({ event, data: data.join('\n'), at: Date.now() });
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
  }

  counts(): number[] {
    return this.events.filter((e) => e.event === 'unread').map((e) => (JSON.parse(e.data) as { count: number }).count);
  }

  /** Waits until the last unread count is `count`; answers the ms it took from `since`. */
  async waitForCount(count: number, since = Date.now(), timeoutMs = 5000): Promise<number> {
    const deadline = since + timeoutMs;
    for (;;) {
      const last = this.events.filter((e) => e.event === 'unread').at(-1);
      if (last && (JSON.parse(last.data) as { count: number }).count === count) return last.at - since;
      if (Date.now() > deadline) throw new Error(`timed out waiting for count ${count}; got ${JSON.stringify(this.counts())}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async waitFor(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.controller.abort();
  }
}

/** A second server process: `server/main.ts` on its own port and DATA_DIR, on the given database. */
interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

async function spawnServer(database: DbConfig, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-data-2-'));
  writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The API is enough here: no site build to load (pages would answer 503).
      SABAI_BUILD_DIR: path.join(dataDir, 'no-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const collect = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 50_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`second server exited with ${child.exitCode}:\n${log}`);
    }
    if (await fetch(`${url}/api/config/configs`).then((res) => res.ok, () => false)) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`second server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}/api/user/events`;
}

for (const dialect of await testDatabases()) {
  describe(`live unread badge [${dialect}]`, () => {
    describe('one process', () => {
      let t: TestApp;
      let url: string;
      let a: CreatedUser;
      let b: CreatedUser;
      beforeAll(async () => {
        t = await createTestApp({ dialect });
        url = await listen(t);
        a = await createUser(t);
        b = await createUser(t);
      });
      afterAll(() => t.close());

      it('sends the count on connect and within a second of every change (new message, messages read)', async () => {
        const topicId = await createTopic(t, a.user);
        const stream = await Stream.open(url, a.token);
        expect(stream.status).toBe(200);
        expect(stream.headers!.get('content-type')).toContain('text/event-stream');
        expect(stream.headers!.get('cache-control')).toContain('no-cache');
        await stream.waitForCount(0);

        // Latency is timed from the write's answer (its commit), not from sending it: how long
        // the write itself takes on a loaded CI machine is not what the badge promises.
        expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'ping' }, { token: b.token })).status).toBe(200);
        let start = Date.now();
        expect(await stream.waitForCount(1, start)).toBeLessThan(1000);
        await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: b.token });
        start = Date.now();
        expect(await stream.waitForCount(2, start)).toBeLessThan(1000);
        // Reading the messages changes nothing; marking one read (a POST, its `message.read`
        // fact) moves the badge, and so does marking all.
        const page = await t.get<{ results: Array<{ id: number }> }>('/api/user/messages', { token: a.token });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(stream.counts()).toEqual([0, 1, 2]);
        await t.post('/api/user/messages/read', { ids: [page.body.data!.results[0]!.id] }, { token: a.token });
        start = Date.now();
        expect(await stream.waitForCount(1, start)).toBeLessThan(1000);
        await t.post('/api/user/messages/read_all', undefined, { token: a.token });
        start = Date.now();
        expect(await stream.waitForCount(0, start)).toBeLessThan(1000);
        // Unchanged counts are not repeated; other users' events are not sent.
        await createComment(t, a.user, { entityId: topicId, content: 'my own' });
        await createComment(t, a.user, { entityId: await createTopic(t, b.user) });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(stream.counts()).toEqual([0, 1, 2, 1, 0]);
        stream.close();
      });

      it('answers 401 without a session, and closes the oldest of too many streams', async () => {
        const anonymous = await Stream.open(url);
        expect(anonymous.status).toBe(401);
        expect(JSON.parse(anonymous.body)).toMatchObject({ success: false, errorCode: 1 });
        const streams: Stream[] = [];
        for (let i = 0; i < 9; i++) {
          const s = await Stream.open(url, b.token);
          await s.waitForCount((await t.get<{ count: number }>('/api/user/msg_recent', { token: b.token })).body.data!.count);
          streams.push(s);
        }
        await streams[0]!.waitFor(() => streams[0]!.ended);
        expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
        for (const s of streams) s.close();
      });

      it('ends open streams when the server closes', async () => {
        const other = await createTestApp({ dialect, reuse: { dataDir: t.dataDir, database: t.database } });
        const otherUrl = await listen(other);
        const stream = await Stream.open(otherUrl, a.token);
        await stream.waitForCount(0);
        const started = Date.now();
        await other.stop();
        await stream.waitFor(() => stream.ended);
        expect(Date.now() - started).toBeLessThan(2000);
      });
    });

    describe('two processes sharing Redis', () => {
      let first: TestApp;
      let second: ServerProcess;
      beforeAll(async () => {
        first = await createTestApp({ dialect, env: { REDIS_URL } });
        second = await spawnServer(first.database.config, { REDIS_URL });
      });
      afterAll(async () => {
        await second?.stop();
        await first.close();
      });

      it('a message written through one process reaches a stream held by the other as it happens, both ways', async () => {
        const a = await createUser(first);
        const b = await createUser(first);
        const topicId = await createTopic(first, a.user);
        const onSecond = await Stream.open(`${second.url}/api/user/events`, a.token);
        expect(onSecond.status).toBe(200);
        await onSecond.waitForCount(0);
        const onFirst = await Stream.open(await listen(first), a.token);
        await onFirst.waitForCount(0);

        // Written through this process, heard by the spawned one.
        expect((await first.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'across' }, { token: b.token })).status).toBe(200);
        let start = Date.now();
        expect(await onSecond.waitForCount(1, start)).toBeLessThan(LIVE_MS);
        await onFirst.waitForCount(1, start);
        // Marked read through the spawned process, heard here.
        const marked = await fetch(`${second.url}/api/user/messages/read_all`, { method: 'POST', headers: { 'x-user-token': a.token } });
        expect(marked.status).toBe(200);
        start = Date.now();
        expect(await onFirst.waitForCount(0, start)).toBeLessThan(LIVE_MS);
        expect(await onSecond.waitForCount(0, start)).toBeLessThan(LIVE_MS);
        onSecond.close();
        onFirst.close();
      });
    });
  });
}

describe('UnreadHub', () => {
  it('sends a heartbeat comment on schedule and forgets a stream when its client goes away', async () => {
    const bus = new MemoryEventBus();
    let unread = 3;
    const hub = new UnreadHub(bus, { heartbeatMs: 50, maxPerUser: 8, retryMs: 1000, count: async () => unread, onError: () => {} });
    await hub.start();
    const server = http.createServer((_req, res) => hub.open(7, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const stream = await Stream.open(url);
      expect(stream.headers!.get('x-accel-buffering')).toBe(SSE_HEADERS['x-accel-buffering']);
      await stream.waitForCount(3);
      await stream.waitFor(() => stream.comments >= 3, 1000);
      unread = 4;
      await bus.publish(UNREAD_TOPIC, { userIds: [8] });
      await bus.publish(UNREAD_TOPIC, { userIds: [7] });
      await stream.waitForCount(4);
      expect(stream.counts()).toEqual([3, 4]);
      expect(hub.size).toBe(1);
      stream.close();
      const deadline = Date.now() + 2000;
      while (hub.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(hub.size).toBe(0);
    } finally {
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bus.close();
    }
  });
});
