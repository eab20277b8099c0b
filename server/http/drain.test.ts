/**
 * SIGTERM on the real server process (issue 19: 70–72 s under traffic, the keep-alive timeout):
 * kept-alive idle connections close at once, the request in flight is answered, the live unread
 * stream ends with a retry hint, and the process exits well inside the grace.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { openSocket, rawRequest, readResponse, requestHead } from '../../tests/support/raw-http';
import { startSourceServer, type ServerProcess } from '../../tests/support/server-process';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { forceCloseAfterMs } from './drain';

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

describe('SIGTERM drains the server', () => {
  let t: TestApp;
  let member: CreatedUser;
  let server: ServerProcess;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
    await t.stop();
    server = await startSourceServer({ dataDir: t.dataDir, env: { SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await t?.close();
  });

  it('answers the request in flight, ends the event stream with a retry hint, closes idle connections and exits well inside the grace', async () => {
    const idle = await Promise.all(Array.from({ length: 5 }, () => idleConnection(server.port)));
    const stream = await eventStream(server.url, member.token);
    const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password' });
    const slow = rawRequest(server.port, [requestHead('POST', '/api/login/signin', body.length, { 'content-type': 'application/json' }), body.slice(0, 10), { pauseMs: 300 + BODY_LATE_MS }, body.slice(10)], 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');

    const answer = await slow;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: 'Wrong username, e-mail or password' });
    expect(answer.headers.connection).toBe('close');

    const ended = await stream.ended;
    expect(ended.text).toMatch(/retry: \d+\n\n$/);
    expect(ended.at - signalAt).toBeLessThan(1_000);

    for (const connection of idle) expect((await connection.closedAt) - signalAt).toBeLessThan(1_000);

    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    const exitMs = exit.at - signalAt;
    expect(exitMs).toBeGreaterThanOrEqual(BODY_LATE_MS);
    // Exits once the request in flight is answered, long before connections would be forced closed.
    expect(exitMs).toBeLessThan(Math.min(BODY_LATE_MS + 2_500, forceCloseAfterMs(GRACE_MS)));
  });
});
