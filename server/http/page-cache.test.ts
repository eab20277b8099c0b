/**
 * The anonymous page cache's rules: who may share a page (nobody with a session), what is kept
 * (200 HTML without cookies), the key (locale, host, URL, bot), the per-response nonce, expiry,
 * and invalidation by any successful write request on a real HTTP server.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { PageCache, invalidatePagesOnWrites, isShareable, pageCacheKey, withNonce, type CachedPage } from './page-cache';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function fakeRequest(parts: { method?: string; url?: string; locale?: string; host?: string; headers?: Record<string, string>; user?: Partial<UserRow> | null }): FastifyRequest {
  return {
    method: parts.method ?? 'GET',
    url: parts.url ?? '/',
    locale: parts.locale ?? 'en-US',
    host: parts.host ?? 'forum.test',
    headers: { 'user-agent': BROWSER, ...parts.headers },
    user: (parts.user ?? null) as UserRow | null,
  } as unknown as FastifyRequest;
}

function page(body: string, nonce: string, at = 0): CachedPage {
  return { at, contentType: 'text/html; charset=utf-8', body, nonce };
}

describe('pageCacheKey', () => {
  it('keys an anonymous GET by bot-or-not, locale, host and URL', () => {
    expect(pageCacheKey(fakeRequest({ url: '/topics?tab=recommended' }))).toBe('web|en-US|forum.test|/topics?tab=recommended');
    expect(pageCacheKey(fakeRequest({ locale: 'zh-CN' }))).toBe('web|zh-CN|forum.test|/');
    expect(pageCacheKey(fakeRequest({ host: 'other.test' }))).toBe('web|en-US|other.test|/');
    expect(pageCacheKey(fakeRequest({ headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }))).toBe('bot|en-US|forum.test|/');
  });

  it('never shares with or for anyone who has a session, even an unresolved one', () => {
    expect(pageCacheKey(fakeRequest({ user: { id: 1 } }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ headers: { cookie: 'locale=en-US; sabai_token=abc' } }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ headers: { 'x-user-token': 'abc' } }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ headers: { cookie: 'locale=zh-CN; theme=dark' } }))).toBe('web|en-US|forum.test|/');
  });

  it('leaves writes, data requests and the API alone', () => {
    expect(pageCacheKey(fakeRequest({ method: 'POST' }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ method: 'HEAD' }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ url: '/topics.data' }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ url: '/topic/1.data?_routes=routes%2Ftopic' }))).toBeNull();
    expect(pageCacheKey(fakeRequest({ url: '/api/topic/topics' }))).toBeNull();
  });
});

describe('isShareable', () => {
  it('keeps only 200 HTML without cookies', () => {
    expect(isShareable(new Response('<p>x</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }))).toBe(true);
    expect(isShareable(new Response('<p>x</p>', { status: 404, headers: { 'content-type': 'text/html' } }))).toBe(false);
    expect(isShareable(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false);
    expect(isShareable(new Response(null, { status: 302, headers: { location: '/user/signin' } }))).toBe(false);
    const withCookie = new Response('<p>x</p>', { headers: { 'content-type': 'text/html', 'set-cookie': 'sabai_token=; Max-Age=0' } });
    expect(isShareable(withCookie)).toBe(false);
  });
});

describe('PageCache', () => {
  it('gives each response its own nonce', () => {
    const cached = page('<script nonce="AAA+/=">x</script><link nonce="AAA+/=">', 'AAA+/=');
    expect(withNonce(cached, 'BBB').toString('utf8')).toBe('<script nonce="BBB">x</script><link nonce="BBB">');
    expect(withNonce(cached, 'CCC').toString('utf8')).toBe('<script nonce="CCC">x</script><link nonce="CCC">');
    const unicode = page('<p>泰国 · Bangkok</p><script nonce="N1">y</script>', 'N1');
    expect(withNonce(unicode, 'N2').toString('utf8')).toBe('<p>泰国 · Bangkok</p><script nonce="N2">y</script>');
  });

  it('expires entries after the TTL and ignores stores when off', () => {
    const cache = new PageCache(2000);
    cache.set('k', page('a', 'n', 1000), cache.generation);
    expect(cache.get('k', 2999)?.body).toBe('a');
    expect(cache.get('k', 3000)).toBeUndefined();
    const off = new PageCache(0);
    off.set('k', page('a', 'n'), off.generation);
    expect(off.get('k', 0)).toBeUndefined();
  });

  it('does not store a page whose render began before a write', () => {
    const cache = new PageCache(2000);
    const began = cache.generation;
    cache.clear(); // a write committed while the page rendered
    cache.set('k', page('stale', 'n'), began);
    expect(cache.get('k', 0)).toBeUndefined();
    cache.set('k', page('fresh', 'n'), cache.generation);
    expect(cache.get('k', 0)?.body).toBe('fresh');
  });
});

describe('invalidatePagesOnWrites', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function send(method: string, status: number): Promise<void> {
    const { port } = server!.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path: `/?status=${status}` }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('drops every page after a successful write request, not after reads or refused writes', async () => {
    const cache = new PageCache(60_000);
    server = createServer((req, res) => {
      res.statusCode = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status'));
      res.end('ok');
    });
    invalidatePagesOnWrites(server, cache);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
    const fill = () => cache.set('k', page('a', 'n', Date.now()), cache.generation);

    fill();
    await send('GET', 200);
    await send('POST', 403);
    await send('DELETE', 404);
    expect(cache.size).toBe(1);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      fill();
      await send(method, 200);
      expect(cache.size, method).toBe(0);
    }
  });
});
