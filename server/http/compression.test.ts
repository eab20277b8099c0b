/**
 * Compressed answers (ADR 0033), on every engine, on a real app whose pages come from a stand-in
 * renderer (the transport is under test, not React):
 *
 * - a page (rendered, or the page cache's stored copy with this response's nonce), a page's data
 *   (`.data`) and a JSON answer are gzip when the client takes gzip, plain when it does not, with
 *   `Vary: Accept-Encoding` either way;
 * - a cached page's gzip is the stored bytes with the nonce spliced in: it gunzips to exactly the
 *   page carrying the nonce of this response's CSP, a different one each time, members' copies too;
 * - a cached feed's anonymous JSON is the gzip stored with it: the same bytes for every reader of
 *   its window, counted in the feed cache's bytes;
 * - small answers, partial answers (Content-Range), answers already encoded and images are left alone.
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type ApiResponse, type TestApp } from '../../tests/support/test-app';
import { createTopic } from '../../tests/support/topic-factories';
import { FEED_CACHE_TTL_MS, setFeedCacheTtl } from '../kernel/feed-cache';
import type { CacheStatsView } from '../../common/views/caches';
import { acceptsGzip } from './compression';
import { pagesPlugin, type PageHandler } from './ssr';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** A page as big as a topic's (tens of KB), with the nonce on scripts at both ends and Thai between. */
function pageHtml(nonce: string, who: string): string {
  const comments = Array.from({ length: 300 }, (_, i) => `<li>ความคิดเห็น ${i} — comment ${i}</li>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><script nonce="${nonce}">boot()</script></head><body>page for ${who}<ul>${comments}</ul><script nonce="${nonce}">done()</script></body></html>`;
}

/** React Router stand-in: the page, or its data (`.data`, turbo-stream's media type) as a stream. */
const fakePages: PageHandler = async (request, context) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data')) {
    const data = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `หัวข้อ ${i}` })) });
    return new Response(data, { headers: { 'content-type': 'text/x-script' } });
  }
  return new Response(pageHtml(context.nonce, context.user ? 'a member' : 'nobody'), { headers: { 'content-type': 'text/html; charset=utf-8' } });
};

/** Answers that must go out as they are: tiny, partial, already encoded, an image. */
const probes: FastifyPluginAsync = async (app) => {
  const big = 'x'.repeat(4096);
  app.get('/api/__probe/tiny', async (_request, reply) => reply.type('application/json').send('{"ok":true}'));
  app.get('/api/__probe/partial', async (_request, reply) => reply.code(206).header('content-range', 'bytes 0-4095/8192').type('text/plain').send(big));
  app.get('/api/__probe/encoded', async (_request, reply) => reply.type('text/plain').header('content-encoding', 'identity').send(big));
  app.get('/api/__probe/image', async (_request, reply) => reply.type('image/svg+xml').send(`<svg>${big}</svg>`));
  app.get('/api/__probe/big', async (_request, reply) => reply.type('application/json').send(JSON.stringify({ big })));
};

const site: FastifyPluginAsync = async (app) => {
  await app.register(probes);
  await app.register(pagesPlugin(fakePages, { dev: false }));
};

function nonceOf(res: ApiResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error('no nonce in the CSP');
  return nonce;
}

function varies(res: ApiResponse): boolean {
  return String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');
}

/** The body as the browser reads it: gunzipped when the answer says gzip. */
function textOf(res: ApiResponse): string {
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.raw.rawPayload).toString('utf8') : res.raw.body;
}

describe('Accept-Encoding', () => {
  it('takes gzip when named with a weight above zero, or * when gzip is not named', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});

for (const dialect of await testDatabases()) {
  describe(`compressed answers (${dialect})`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let moderator: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, site });
      member = await createUser(t);
      moderator = await createUser(t, { role: 'moderator' });
    });
    afterAll(() => t.close());

    it('a rendered page, its data and a JSON answer are gzip when asked and plain when not, with Vary', async () => {
      for (const url of ['/about', '/topic/1.data', '/api/openapi.json']) {
        const gzip = await t.get(url, { headers: BROWSER });
        const plain = await t.get(url);
        expect([gzip.status, plain.status], url).toEqual([200, 200]);
        expect(gzip.headers['content-encoding'], url).toBe('gzip');
        expect(plain.headers['content-encoding'], url).toBeUndefined();
        expect([varies(gzip), varies(plain)], url).toEqual([true, true]);
        expect(gzip.raw.rawPayload.length, url).toBeLessThan(plain.raw.rawPayload.length / 2);
        if (url === '/about') {
          expect(textOf(gzip)).toBe(pageHtml(nonceOf(gzip), 'nobody'));
          expect(plain.raw.body).toBe(pageHtml(nonceOf(plain), 'nobody'));
        } else {
          expect(textOf(gzip), url).toBe(plain.raw.body);
        }
      }
      // Not taken: gzip weighed zero.
      expect((await t.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip;q=0, br' } })).headers['content-encoding']).toBeUndefined();
    });

    it('a cached page is its stored gzip with this response’s nonce: a new one each time, members’ copies too', async () => {
      t.ctx.pageCache.ttlMs = 60_000;
      try {
        const miss = await t.get('/topic/1', { headers: BROWSER });
        expect([miss.headers['x-page-cache'], miss.headers['content-encoding'], varies(miss)]).toEqual(['miss', 'gzip', true]);
        expect(textOf(miss)).toBe(pageHtml(nonceOf(miss), 'nobody'));
        const nonces = new Set([nonceOf(miss)]);
        for (let i = 0; i < 3; i += 1) {
          const hit = await t.get('/topic/1', { headers: BROWSER });
          expect([hit.headers['x-page-cache'], hit.headers['content-encoding'], varies(hit)]).toEqual(['hit', 'gzip', true]);
          expect(textOf(hit)).toBe(pageHtml(nonceOf(hit), 'nobody'));
          nonces.add(nonceOf(hit));
        }
        const memberHit = await t.get('/topic/1', { headers: BROWSER, cookies: { sabai_token: member.token } });
        expect([memberHit.headers['x-page-cache'], memberHit.headers['content-encoding']]).toEqual(['hit', 'gzip']);
        expect(textOf(memberHit)).toBe(pageHtml(nonceOf(memberHit), 'nobody').replace('<html', '<html data-viewer="member" data-member=""'));
        nonces.add(nonceOf(memberHit));
        const plainHit = await t.get('/topic/1');
        expect([plainHit.headers['x-page-cache'], plainHit.headers['content-encoding'], varies(plainHit)]).toEqual(['hit', undefined, true]);
        expect(plainHit.raw.body).toBe(pageHtml(nonceOf(plainHit), 'nobody'));
        nonces.add(nonceOf(plainHit));
        expect(nonces.size).toBe(6);
        // Held in its compressed bytes, and said so to the back office (staff only).
        expect((await t.get('/api/admin/caches', { token: member.token })).status).toBe(403);
        const stats = await t.get<CacheStatsView>('/api/admin/caches', { token: moderator.token });
        expect(stats.status).toBe(200);
        const pages = stats.body.data!.pages;
        expect([pages.fresh.entries, pages.stale.entries, pages.maxBytes]).toEqual([1, 0, 64 * 1024 * 1024]);
        expect(pages.fresh.bytes).toBeLessThan(pages.fresh.textBytes / 4);
        expect(pages.fresh.textBytes).toBe(Buffer.byteLength(pageHtml(nonceOf(miss), 'nobody')));
        await t.ctx.pageCache.invalidate(['topic:1']);
        const after = (await t.get<CacheStatsView>('/api/admin/caches', { token: moderator.token })).body.data!.pages;
        expect([after.fresh.entries, after.stale.entries, after.stale.bytes]).toEqual([0, 1, pages.fresh.bytes]);
      } finally {
        t.ctx.pageCache.ttlMs = 0;
        t.ctx.pageCache.clear();
      }
    });

    it('a cached feed’s anonymous JSON is its stored gzip, the same bytes for every reader, counted in the cache', async () => {
      for (let i = 0; i < 12; i += 1) await createTopic(t, member.user, { title: `ข่าวตลาดนัด ${i} — market news ${i}` });
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const first = await t.get('/api/topic/topics', { headers: BROWSER });
        const second = await t.get('/api/topic/topics', { headers: BROWSER });
        const plain = await t.get('/api/topic/topics');
        expect([first.status, second.headers['content-encoding'], varies(second), plain.headers['content-encoding'], varies(plain)]).toEqual([200, 'gzip', true, undefined, true]);
        expect(second.raw.rawPayload.equals(first.raw.rawPayload)).toBe(true);
        expect(textOf(second)).toBe(plain.raw.body);
        expect((JSON.parse(plain.raw.body) as { data: { results: unknown[] } }).data.results.length).toBeGreaterThanOrEqual(12);
        const feeds = (await t.get<CacheStatsView>('/api/admin/caches', { token: moderator.token })).body.data!.feeds;
        expect(feeds.entries).toBe(1);
        // The page's JSON plus its compressed envelope.
        expect(feeds.bytes).toBe(Buffer.byteLength(plain.raw.body) - '{"success":true,"data":}'.length + first.raw.rawPayload.length);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('leaves alone what is small, partial, already encoded or an image', async () => {
      const tiny = await t.get('/api/__probe/tiny', { headers: BROWSER });
      expect([tiny.headers['content-encoding'], varies(tiny), tiny.raw.body]).toEqual([undefined, false, '{"ok":true}']);
      const partial = await t.get('/api/__probe/partial', { headers: BROWSER });
      expect([partial.status, partial.headers['content-encoding'], partial.raw.body.length]).toEqual([206, undefined, 4096]);
      const encoded = await t.get('/api/__probe/encoded', { headers: BROWSER });
      expect([encoded.headers['content-encoding'], encoded.raw.body.length]).toEqual(['identity', 4096]);
      const image = await t.get('/api/__probe/image', { headers: BROWSER });
      expect(image.headers['content-encoding']).toBeUndefined();
      const big = await t.get('/api/__probe/big', { headers: BROWSER });
      expect(big.headers['content-encoding']).toBe('gzip'); // the same route shape, worth it
    });
  });
}
