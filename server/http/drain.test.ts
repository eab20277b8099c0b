/**
 * SIGTERM on the real server process. Issue 19 (70–72 s under traffic, the keep-alive timeout):
 * kept-alive idle connections close soon, the request in flight is answered, the live unread
 * stream ends with a retry hint, and the process exits well inside the grace. Issue 30 (requests
 * reset under load): with clients that keep sending on kept-alive connections, none of their
 * requests is reset; each is answered, or refused with 503, Retry-After and `Connection: close`.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { countOutcomes, keepAliveLoad } from '../../tests/support/keep-alive-load';
import { openSocket, rawRequest, readResponse, requestHead } from '../../tests/support/raw-http';
import { startSourceServer, type ServerProcess } from '../../tests/support/server-process';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { DRAIN_RETRY_AFTER_S, forceCloseAfterMs, quietMsFor } from './drain';

const GRACE_MS = 8_000;
/** How long the request in flight keeps sending its body after the signal. */
const BODY_LATE_MS = 1_200;

/** A connection that made one request and now sits idle; resolves its close time. */
async function idleConnection(port: number): Promise<{ socket: Socket; closedAt: Promise<number> }> {
  const socket = await openSocket(port);
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  socket.write('GET /api/config/configs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const answer = await readResponse(socket, Date.now(), 10_000);
  if (answer.status !== 200) throw new Error(`warm-up answered ${answer.status}`);
  return { socket, closedAt };
}

/** The live unread stream: resolves once it has its first event, then reports its end. */
function eventStream(url: string, token: string): Promise<{ ended: Promise<{ text: string; at: number }> }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const request = http.get(`${url}/api/user/events`, { headers: { 'x-user-token': token }, agent: false }, (res) => {
      res.setEncoding('utf8');
      const ended = new Promise<{ text: string; at: number }>((done) => res.once('end', () => done({ text, at: performance.now() })));
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: unread')) resolve({ ended });
      });
    });
    request.once('error', reject);
  });
}

// One forum for both servers below (each is stopped by its test's signal).
let t: TestApp;
let member: CreatedUser;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  await t.stop();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('SIGTERM drains the server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startSourceServer({ dataDir: t.dataDir, env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
  });

  it('answers the request in flight, refuses requests begun after the signal with 503, ends the event stream with a retry hint, closes idle connections once quiet and exits well inside the grace', async () => {
    const idle = await Promise.all(Array.from({ length: 5 }, () => idleConnection(server.port)));
    const stream = await eventStream(server.url, member.token);
    const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password' });
    const slow = rawRequest(server.port, [requestHead('POST', '/api/login/signin', body.length, { 'content-type': 'application/json' }), body.slice(0, 10), { pauseMs: 300 + BODY_LATE_MS }, body.slice(10)], 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');

    // A request begun after the signal on a kept-alive connection: refused, in the API's
    // envelope, or as the "temporarily unavailable" page for a page.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [apiConnection, pageConnection, ...quiet] = idle;
    const refusals = await Promise.all(
      [apiConnection!, pageConnection!].map(({ socket }, i) => {
        const answer = readResponse(socket, Date.now(), 10_000);
        socket.write(`GET ${i === 0 ? '/api/topic/topics' : '/'} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        return answer;
      }),
    );
    for (const refusal of refusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.headers.connection).toBe('close');
      expect(refusal.headers['retry-after']).toBe(String(DRAIN_RETRY_AFTER_S));
    }
    expect(JSON.parse(refusals[0]!.body)).toMatchObject({ success: false, message: 'The forum is temporarily unavailable. Please try again in a moment.' });
    expect(refusals[1]!.headers['content-type']).toMatch(/^text\/html/);
    expect(refusals[1]!.body).toContain('Temporarily unavailable');

    const answer = await slow;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: 'Wrong username, e-mail or password' });
    expect(answer.headers.connection).toBe('close');

    const ended = await stream.ended;
    expect(ended.text).toMatch(/retry: \d+\n\n$/);
    expect(ended.at - signalAt).toBeLessThan(1_000);

    // Idle connections are closed once they have sent nothing for the quiet period, not at once.
    const quietMs = quietMsFor(GRACE_MS);
    for (const connection of quiet) {
      const closedAfter = (await connection.closedAt) - signalAt;
      expect(closedAfter).toBeGreaterThanOrEqual(quietMs);
      expect(closedAfter).toBeLessThan(quietMs + 1_000);
    }

    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    const exitMs = exit.at - signalAt;
    expect(exitMs).toBeGreaterThanOrEqual(BODY_LATE_MS);
    // Exits once the request in flight is answered and the idle connections are closed, long
    // before connections would be forced closed.
    expect(exitMs).toBeLessThan(Math.min(Math.max(BODY_LATE_MS, quietMs) + 2_500, forceCloseAfterMs(GRACE_MS)));
  });
});

describe('SIGTERM while keep-alive clients keep sending', () => {
  const LOAD_GRACE_MS = 5_000;
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startSourceServer({ dataDir: t.dataDir, env: { SHUTDOWN_GRACE_MS: String(LOAD_GRACE_MS) } });
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
  });

  it('resets none of their requests: each is answered or refused with 503 and Connection: close, and the process exits inside the grace', async () => {
    const load = keepAliveLoad({ url: server.url, token: admin.token, clients: 12, writeEvery: 4 });
    // Every client has had answers on its connection: all of them are kept alive.
    while (load.log.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    await load.stop();

    const after = load.log.filter((sent) => sent.endedAt >= signalAt);
    const resets = after.filter((sent) => sent.outcome === 'reset');
    expect(resets, 'requests reset by the drain').toEqual([]);
    expect(countOutcomes(after, 'badRefusal') + countOutcomes(after, 'error5xx')).toBe(0);
    // Each connection got its refusal after the signal; clients then found the server gone.
    expect(countOutcomes(after, 'refused')).toBeGreaterThan(0);
    expect(countOutcomes(after, 'notReached')).toBeGreaterThan(0);
    expect(exit.code, server.output()).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(LOAD_GRACE_MS);
  });
});
