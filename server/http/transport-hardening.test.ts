/**
 * The transport's answers to what an outside probe tried (issue 19), on a real app whose pages
 * come from a stand-in renderer (the transport is under test, not React):
 *
 * - caching: personal answers (a signed-in caller, `user/current`, a cookie set) are
 *   `private, no-store`, pages included, the shared page cache's member copies too; anonymous
 *   reads may be stored but revalidated; other methods' answers never;
 * - HSTS only over HTTPS (TLS through a trusted proxy, or an https PUBLIC_URL);
 * - pages: `Permissions-Policy`, `Cross-Origin-Opener-Policy`, a CSP whose `<style>` elements
 *   need the nonce; any other method than GET/HEAD is 405 with `Allow` and no error-level log;
 *   `//api//x`, `/API/x` and `/%61pi/x` are the API's 404 envelope, never a page;
 * - requests Node's parser refuses (431, a bad Content-Length, Content-Length with chunked
 *   Transfer-Encoding) answer the JSON envelope over a real socket.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { PERSONAL, PUBLIC_REVALIDATED } from './response-headers';
import { pagesPlugin, type PageHandler } from './ssr';

/** A page renderer standing in for React Router: a small document carrying the nonce, 404 for /missing. */
const fakePages: PageHandler = async (request, context) => {
  const status = new URL(request.url).pathname === '/missing' ? 404 : 200;
  const html = `<!DOCTYPE html><html lang="en"><head><script nonce="${context.nonce}"></script></head><body>page for ${context.user ? 'a member' : 'nobody'}</body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
};

/** A pino destination that keeps every line, parsed. */
function logCollector() {
  const lines: Array<{ level: number; msg?: string }> = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg?: string }) } };
}

/** Sends raw bytes to the server and answers what comes back before it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

function parseRaw(answer: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: JSON.parse(body) as unknown };
}

describe('transport hardening', () => {
  let t: TestApp;
  let member: CreatedUser;
  const log = logCollector();

  beforeAll(async () => {
    t = await createTestApp({ site: pagesPlugin(fakePages, { dev: false }), logStream: log.stream, env: { LOG_LEVEL: 'info' } });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  describe('Cache-Control', () => {
    it('API: personal answers are never stored; anonymous reads are revalidated; writes never stored', async () => {
      const anonymous = await t.get('/api/topic/topics');
      expect(anonymous.headers['cache-control']).toBe(PUBLIC_REVALIDATED);
      expect(anonymous.headers.vary).toContain('Accept-Language');
      expect(anonymous.headers.vary).toContain('Cookie');
      expect((await t.get('/api/topic/topics', { token: member.token })).headers['cache-control']).toBe(PERSONAL);
      expect((await t.get('/api/topic/topics', { cookies: { sabai_token: member.token } })).headers['cache-control']).toBe(PERSONAL);
      // user/current: the e-mail, or null depending on the cookie.
      expect((await t.get('/api/user/current', { token: member.token })).headers['cache-control']).toBe(PERSONAL);
      expect((await t.get('/api/user/current')).headers['cache-control']).toBe(PERSONAL);
      // A write: never stored; one that sets the session cookie is personal.
      expect((await t.post('/api/login/signin', { username: 'nobody@example.com', password: 'wrong-one' })).headers['cache-control']).toBe('no-store');
      const signedIn = await t.post('/api/login/signin', { username: member.email, password: member.password });
      expect(signedIn.headers['set-cookie']).toBeDefined();
      expect(signedIn.headers['cache-control']).toBe(PERSONAL);
    });

    it('pages: members’ copies private (the shared cache’s member copies too), anonymous ones revalidated', async () => {
      const anonymous = await t.get('/topics');
      expect(anonymous.raw.body).toContain('page for nobody');
      expect(anonymous.headers['cache-control']).toBe(PUBLIC_REVALIDATED);
      expect((await t.get('/user/messages', { cookies: { sabai_token: member.token } })).headers['cache-control']).toBe(PERSONAL);
      // A session that no longer resolves is still a session: its answer may clear the cookie.
      expect((await t.get('/topics', { cookies: { sabai_token: 'expired' } })).headers['cache-control']).toBe(PERSONAL);
      t.ctx.pageCache.ttlMs = 60_000;
      try {
        expect((await t.get('/topic/1')).headers['x-page-cache']).toBe('miss');
        const hit = await t.get('/topic/1', { cookies: { sabai_token: member.token } });
        expect(hit.headers['x-page-cache']).toBe('hit');
        expect(hit.raw.body).toContain('data-viewer="member"');
        expect(hit.headers['cache-control']).toBe(PERSONAL);
        const anonymousHit = await t.get('/topic/1');
        expect(anonymousHit.headers['x-page-cache']).toBe('hit');
        expect(anonymousHit.headers['cache-control']).toBe(PUBLIC_REVALIDATED);
      } finally {
        t.ctx.pageCache.ttlMs = 0;
        t.ctx.pageCache.clear();
      }
    });
  });

  describe('page headers and methods', () => {
    it('pages carry Permissions-Policy, COOP and a CSP whose <style> elements need the nonce; no HSTS over plain HTTP', async () => {
      const page = await t.get('/');
      expect(page.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\)/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = String(page.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("style-src-attr 'unsafe-inline'");
      expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect((await t.get('/api/config/configs')).headers['strict-transport-security']).toBeUndefined();
    });

    it.each(['POST', 'PUT', 'DELETE'] as const)('%s to a page is 405 with Allow, the envelope, and no error-level log line', async (method) => {
      const before = log.lines.length;
      const res = await t.request(method, '/topics', { cookies: { sabai_token: member.token }, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.body).toMatchObject({ success: false, errorCode: 0, message: `${method} is not allowed here: pages are only read (GET)` });
      expect(log.lines.slice(before).filter((line) => line.level >= 50)).toEqual([]);
      expect((await t.request('POST', '/topics', { headers: { 'accept-language': 'zh-CN' } })).body.message).toBe('此处不允许 POST：页面只能读取（GET）');
    });

    it('HEAD reads a page as GET does', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: '/topics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });

    it.each(['//api//topic/topics', '//api/x', '/API/topic/topics', '/%61pi/nothing-here', '/api//', '//api'])('%s is the API’s 404 envelope, never a page', async (path) => {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toMatchObject({ success: false, errorCode: 6 });
        expect(res.headers.location).toBeUndefined();
        expect(res.raw.body).not.toContain('page for');
      }
    });
  });

  describe('HSTS', () => {
    it('over TLS as a trusted proxy says, or when the public address is https', async () => {
      const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
      const https = await createTestApp({ env: { PUBLIC_URL: 'https://forum.example' } });
      try {
        expect((await proxied.get('/api/config/configs', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe('max-age=15552000');
        expect((await proxied.get('/api/config/configs')).headers['strict-transport-security']).toBeUndefined();
        // Without trust in the proxy, the header is the client's word: no HSTS.
        expect((await t.get('/api/config/configs', { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
        expect((await https.get('/api/config/configs')).headers['strict-transport-security']).toBe('max-age=15552000');
      } finally {
        await proxied.close();
        await https.close();
      }
    });
  });

  describe('protocol-level errors over a socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    const cases: Array<[string, string, number, string]> = [
      ['headers too large', `GET /api/config/configs HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'The request headers are too large'],
      ['a Content-Length that is no number', 'POST /api/login/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 1e2\r\n\r\n', 400, 'The request is malformed'],
      ['two different Content-Lengths', 'POST /api/login/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400, 'The request is malformed'],
      ['Content-Length with chunked Transfer-Encoding', 'POST /api/login/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'The request is malformed'],
      ['a Transfer-Encoding that does not end in chunked', 'POST /api/login/signin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n', 400, 'The request is malformed'],
    ];
    it.each(cases)('%s: the envelope with its status', async (_name, request, status, message) => {
      const answer = parseRaw(await rawExchange(port, request));
      expect(answer.status).toBe(status);
      expect(answer.headers).toContain('content-type: application/json');
      expect(answer.body).toEqual({ success: false, errorCode: 0, message });
    });
  });
});
