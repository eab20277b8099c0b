/**
 * Slow clients over real sockets (issue 19): a body that stalls or trickles, headers that never
 * finish, and more connections from one address than the cap. Deadlines are short here (hundreds
 * of milliseconds); the defaults are in server/config.ts.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, rawRequest, readResponse, requestHead } from '../../tests/support/raw-http';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  const BODY_IDLE_MS = 400;
  const REQUEST_MS = 1_500;
  const HEADERS_MS = 600;

  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS), REQUEST_TIMEOUT_MS: String(REQUEST_MS), HEADERS_TIMEOUT_MS: String(HEADERS_MS) } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('answers a stalled API body (1 byte of 100) with 408 in the envelope and closes the connection', async () => {
    const res = await rawRequest(port, [requestHead('POST', '/api/login/signin', 100, JSON_HEADERS), '{']);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ success: false, errorCode: 0, message: 'The request took too long to arrive. Please try again.' });
    expect(res.closed || (await readResponse(res.socket, Date.now(), 1_000)).closed).toBe(true);
    expect(res.afterMs).toBeGreaterThanOrEqual(BODY_IDLE_MS - 50);
    expect(res.afterMs).toBeLessThan(BODY_IDLE_MS * 2 + 300);
  });

  it("speaks the request's language, and answers a page's stalled body as text", async () => {
    const zh = await rawRequest(port, [requestHead('POST', '/api/login/signin', 100, { ...JSON_HEADERS, 'accept-language': 'zh-CN' }), '{']);
    expect(zh.status).toBe(408);
    expect(JSON.parse(zh.body).message).toBe('请求发送超时，请重试。');
    const page = await rawRequest(port, [requestHead('POST', '/user/signin', 100, { 'content-type': 'application/x-www-form-urlencoded' }), 'u']);
    expect(page.status).toBe(408);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toBe('The request took too long to arrive. Please try again.\n');
  });

  it('times out a body that trickles in (a byte every 150 ms) at the whole-request deadline', async () => {
    const trickle = Array.from({ length: 40 }, () => ['x', { pauseMs: 150 }]).flat();
    const res = await rawRequest(port, [requestHead('POST', '/api/login/signin', 100, JSON_HEADERS), ...trickle]);
    expect(res.status).toBe(408);
    expect(res.afterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(res.afterMs).toBeLessThan(REQUEST_MS + 1_000);
  });

  it('times out headers that never finish, in the envelope (the path is not known yet)', async () => {
    const res = await rawRequest(port, ['POST /api/login/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le']);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, errorCode: 0 });
    expect(res.afterMs).toBeLessThan(HEADERS_MS + 800);
  });

  it('serves a body that pauses for less than the idle deadline', async () => {
    const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password' });
    const res = await rawRequest(port, [requestHead('POST', '/api/login/signin', body.length, JSON_HEADERS), body.slice(0, 5), { pauseMs: BODY_IDLE_MS / 2 }, body.slice(5, 15), { pauseMs: BODY_IDLE_MS / 2 }, body.slice(15)]);
    res.socket.destroy();
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, message: 'Wrong username, e-mail or password' });
  });
});

describe('connections per address', () => {
  let t: TestApp;
  let port: number;
  const CAP = 5;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_IP: String(CAP) } });
    port = await listen(t);
  });
  afterAll(() => t.close());

  it('closes connections past the cap at once, and serves again once one closes', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => openSocket(port)));
    const extra = await openSocket(port);
    const refused = await readResponse(extra, Date.now(), 2_000);
    expect(refused).toMatchObject({ status: 0, closed: true });
    expect(refused.afterMs).toBeLessThan(500);
    // The held ones still work.
    const first = held[0]!;
    first.write('GET /api/config/configs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await readResponse(first, Date.now(), 5_000)).status).toBe(200);

    const closed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await rawRequest(port, ['GET /api/config/configs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n']);
    expect(next.status).toBe(200);
    next.socket.destroy();
    for (const socket of held) socket.destroy();
  });
});
