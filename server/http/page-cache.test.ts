/**
 * The shared page cache's rules: who may be served from it (anonymous visitors everywhere,
 * members on the pages whose member view is the anonymous one plus their own parts), what is
 * kept (200 HTML without cookies), the key, the per-response nonce and the member mark, expiry,
 * invalidation by tag (here and in every process sharing the bus), the last copy a dropped page
 * keeps for a database outage (stale-if-error), and the byte bound.
 */
import { randomBytes } from 'node:crypto';
import { createGunzip, crc32, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { MemoryEventBus } from '../infra/events';
import { PageCache, isShareable, memberShareable, pageCacheKey, type PageToStore } from './page-cache';
import { ALL_PAGES, LIST_PAGES } from '../kernel/page-tags';
import { gzipFilled, segmentOf, shiftOf, templateOf } from './gzip-segments';

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

function page(body: string, nonce = 'n', tags: readonly string[] = [LIST_PAGES]): PageToStore {
  return { contentType: 'text/html; charset=utf-8', body, nonce, tags };
}

/** What a text without a nonce costs the budget when stored: its gzip member's bytes. */
function stored(text: string): number {
  return templateOf([segmentOf(Buffer.from(text, 'utf8'))], 1).bytes.length;
}

function bodyOf(cache: PageCache, key: string): string | undefined {
  const hit = cache.get(key, 0);
  return hit ? cache.withNonce(hit, 'n').toString('utf8') : undefined;
}

describe('pageCacheKey', () => {
  it('keys an anonymous GET by bot-or-not, locale, host and URL', () => {
    expect(pageCacheKey(fakeRequest({ url: '/topics?tab=recommended' }))).toBe('web|en-US|forum.test|/topics?tab=recommended');
    expect(pageCacheKey(fakeRequest({ locale: 'zh-CN' }))).toBe('web|zh-CN|forum.test|/');
    expect(pageCacheKey(fakeRequest({ host: 'other.test' }))).toBe('web|en-US|other.test|/');
    expect(pageCacheKey(fakeRequest({ headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } }))).toBe('bot|en-US|forum.test|/');
  });

  it('shares with a member only the pages whose member view is the anonymous one plus their own parts', () => {
    const member = { id: 1 };
    expect(pageCacheKey(fakeRequest({ user: member, url: '/topic/7', headers: { cookie: 'sabai_token=abc' } }))).toBe('web|en-US|forum.test|/topic/7');
    for (const url of ['/', '/topics?tab=recommended', '/topics/node/2', '/topics/tag/3', '/user/9', '/articles', '/articles?cursor=x', '/articles/tag/3', '/article/12', '/user/9/articles']) expect(memberShareable(url), url).toBe(true);
    for (const url of ['/?tab=following', '/topics?tab=following', '/user/messages', '/user/favorites', '/topic/create', '/topic/edit/7', '/user/profile', '/about', '/article/create', '/article/edit/12', '/articles/node/2', '/user/9/topics']) {
      expect(memberShareable(url), url).toBe(false);
      expect(pageCacheKey(fakeRequest({ user: member, url })), url).toBeNull();
    }
  });

  it('never shares with a session that did not resolve to a member (its render may clear the cookie)', () => {
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
  it('gives each response its own nonce, and a member the member mark on <html>', () => {
    const cache = new PageCache(60_000);
    cache.set('k', page('<!DOCTYPE html><html lang="th"><script nonce="AAA+/=">x</script><link nonce="AAA+/=">', 'AAA+/='), cache.generation, 0);
    const hit = cache.get('k', 0)!;
    expect(cache.withNonce(hit, 'BBB').toString('utf8')).toBe('<!DOCTYPE html><html lang="th"><script nonce="BBB">x</script><link nonce="BBB">');
    expect(cache.withNonce(hit, 'CCC', true).toString('utf8')).toBe('<!DOCTYPE html><html data-viewer="member" data-member="" lang="th"><script nonce="CCC">x</script><link nonce="CCC">');
    cache.set('u', page('<p>泰国 · Bangkok</p><script nonce="N1">y</script>', 'N1'), cache.generation, 0);
    expect(cache.withNonce(cache.get('u', 0)!, 'N2').toString('utf8')).toBe('<p>泰国 · Bangkok</p><script nonce="N2">y</script>');
  });

  it('expires entries after the TTL and ignores stores when off', () => {
    const cache = new PageCache(2000);
    cache.set('k', page('a'), cache.generation, 1000);
    expect(cache.get('k', 2999)).toBeDefined();
    expect(cache.get('k', 3000)).toBeUndefined();
    const off = new PageCache(0);
    off.set('k', page('a'), off.generation, 0);
    expect(off.get('k', 0)).toBeUndefined();
  });

  it('drops by tag: an item\'s page with its item, the lists with the lists, everything with ALL_PAGES', async () => {
    const cache = new PageCache(60_000);
    const fill = () => {
      cache.set('/topic/1', page('one', 'n', ['topic:1']), cache.generation, 0);
      cache.set('/topic/2', page('two', 'n', ['topic:2']), cache.generation, 0);
      cache.set('/', page('home'), cache.generation, 0);
    };
    fill();
    await cache.invalidate(['topic:1']);
    expect([bodyOf(cache, '/topic/1'), bodyOf(cache, '/topic/2'), bodyOf(cache, '/')]).toEqual([undefined, 'two', 'home']);
    await cache.invalidate([LIST_PAGES]);
    expect([bodyOf(cache, '/topic/2'), bodyOf(cache, '/')]).toEqual(['two', undefined]);
    fill();
    await cache.invalidate([ALL_PAGES]);
    expect(cache.freshSize).toBe(0);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
  });

  it('keeps the last copy of a dropped or expired page, for an outage only, until a fresh render replaces it', async () => {
    const cache = new PageCache(2000);
    const lastOf = (key: string) => {
      const copy = cache.lastCopy(key);
      return copy && { body: cache.withNonce(copy, 'n').toString('utf8'), stale: copy.stale === true };
    };
    cache.set('/topic/1', page('early', 'n', ['topic:1']), cache.generation, 0);
    cache.set('/', page('home'), cache.generation, 0);
    await cache.invalidate(['topic:1']); // a comment on topic 1
    expect(cache.get('/topic/1', 0)).toBeUndefined(); // never a hit
    expect(lastOf('/topic/1')).toEqual({ body: 'early', stale: true });
    expect(lastOf('/')).toEqual({ body: 'home', stale: false });
    expect(cache.get('/', 2000)).toBeUndefined(); // expired: stale too
    expect(lastOf('/')).toEqual({ body: 'home', stale: true });
    await cache.invalidate(['topic:1']); // dropping it again changes nothing
    expect(lastOf('/topic/1')).toEqual({ body: 'early', stale: true });
    cache.set('/topic/1', page('later', 'n', ['topic:1']), cache.generation, 0);
    expect(bodyOf(cache, '/topic/1')).toBe('later');
    expect(lastOf('/topic/1')).toEqual({ body: 'later', stale: false });
    await cache.invalidate([ALL_PAGES]);
    expect(lastOf('/topic/1')).toEqual({ body: 'later', stale: true });
    expect(cache.totalBytes).toBe(stored('later') + stored('home'));
  });

  it('forgets, without a stale copy, what a drop says must not come back (a post deleted or edited), here and in every process', async () => {
    const bus = new MemoryEventBus();
    const here = new PageCache(60_000);
    const there = new PageCache(60_000);
    const disconnect = [here.connect(bus, () => {}), there.connect(bus, () => {})];
    for (const cache of [here, there]) {
      cache.set('/topic/1', page('one', 'x', ['topic:1']), cache.generation, 0);
      cache.set('/topic/2', page('two', 'x', ['topic:2']), cache.generation, 0);
    }
    await here.invalidate(['topic:1']); // a comment: stale copies
    await here.invalidate(['topic:1', 'topic:2'], { forget: true }); // then deleted: gone, stale or not
    for (const cache of [here, there]) expect([cache.lastCopy('/topic/1'), cache.lastCopy('/topic/2'), cache.totalBytes]).toEqual([undefined, undefined, 0]);
    for (const off of disconnect) off();
  });

  it('counts stale copies against its bytes, dropping the least recently used first', async () => {
    const cache = new PageCache(60_000, 3 * stored('a'.repeat(10)));
    cache.set('a', page('a'.repeat(10)), cache.generation, 0);
    cache.set('b', page('b'.repeat(10), 'n', ['topic:1']), cache.generation, 0);
    await cache.invalidate(['topic:1']);
    cache.set('c', page('c'.repeat(10)), cache.generation, 0);
    cache.set('d', page('d'.repeat(10)), cache.generation, 0);
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.lastCopy(key))).toEqual(['b', 'c', 'd']);
    expect(cache.totalBytes).toBe(3 * stored('a'.repeat(10)));
  });

  it('does not store a page whose render began before an invalidation', async () => {
    const cache = new PageCache(2000);
    const began = cache.generation;
    await cache.invalidate(['topic:9']); // a write committed while the page rendered
    cache.set('k', page('stale'), began, 0);
    expect(cache.get('k', 0)).toBeUndefined();
    cache.set('k', page('fresh'), cache.generation, 0);
    expect(bodyOf(cache, 'k')).toBe('fresh');
  });

  it('stays within its bytes, dropping the least recently read page first', () => {
    const cache = new PageCache(60_000, 3 * stored('a'.repeat(10)));
    cache.set('a', page('a'.repeat(10)), cache.generation, 0);
    cache.set('b', page('b'.repeat(10)), cache.generation, 0);
    cache.set('c', page('c'.repeat(10)), cache.generation, 0);
    expect(cache.get('a', 0)).toBeDefined(); // read: now the most recent
    cache.set('d', page('d'.repeat(10)), cache.generation, 0);
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.get(key, 0))).toEqual(['a', 'c', 'd']);
    expect(cache.totalBytes).toBe(3 * stored('a'.repeat(10)));
  });

  it('holds pages reached with a query string to an eighth of its bytes, so varying a query cannot push the plain pages out', () => {
    const one = stored('p'.repeat(10));
    const cache = new PageCache(60_000, 16 * one);
    const plain = ['web|en-US|forum.test|/topic/1', 'web|en-US|forum.test|/topic/2', 'web|en-US|forum.test|/'];
    for (const key of plain) cache.set(key, page('p'.repeat(10)), cache.generation, 0);
    const queried = Array.from({ length: 40 }, (_, r) => `web|en-US|forum.test|/topic/1?r=${r}`);
    for (const key of queried) cache.set(key, page('q'.repeat(10)), cache.generation, 0);
    expect(plain.every((key) => cache.get(key, 0))).toBe(true);
    // The two most recent variants fit in the eighth (2 of 16 pages); a read keeps one of them longer.
    expect(queried.filter((key) => cache.get(key, 0))).toEqual(queried.slice(-2));
    cache.get(queried[38]!, 0);
    cache.set('web|en-US|forum.test|/search?q=x', page('s'.repeat(10)), cache.generation, 0);
    expect([queried[38], queried[39]].map((key) => cache.get(key!, 0) !== undefined)).toEqual([true, false]);
    expect(cache.totalBytes).toBe(5 * one);
    cache.clear();
    cache.set(queried[0]!, page('q'.repeat(10)), cache.generation, 0);
    expect(cache.totalBytes).toBe(one);
  });

  it('tells every process on the bus, and a dropped tag reaches the other process before invalidate resolves', async () => {
    const bus = new MemoryEventBus();
    const here = new PageCache(60_000);
    const there = new PageCache(60_000);
    const errors: unknown[] = [];
    const disconnect = [here.connect(bus, (e) => errors.push(e)), there.connect(bus, (e) => errors.push(e))];
    there.set('/topic/1', page('one', 'n', ['topic:1']), there.generation, 0);
    there.set('/', page('home'), there.generation, 0);
    await here.invalidate(['topic:1']);
    expect([bodyOf(there, '/topic/1'), bodyOf(there, '/')]).toEqual([undefined, 'home']);
    for (const off of disconnect) off();
    await here.invalidate([LIST_PAGES]);
    expect(bodyOf(there, '/')).toBe('home');
    expect(errors).toEqual([]);
  });
});

/** A page as React renders one: the nonce on scripts in the head and at the end, Thai and Chinese text between. */
function renderedPage(nonce: string, paragraphs = 400): string {
  const body = Array.from({ length: paragraphs }, (_, i) => `<p class="comment" data-id="${i}">ความคิดเห็นที่ ${i} · 评论 ${i} · comment ${i}</p>`).join('');
  return `<!DOCTYPE html><html lang="th"><head><script nonce="${nonce}">boot()</script><style nonce="${nonce}">p{}</style></head><body>${body}<script nonce="${nonce}">window.__ctx={}</script></body></html>`;
}

describe('compressed pages (ADR 0033)', () => {
  it('serves the stored gzip with a fresh nonce per response, which gunzips to exactly the page with that nonce', () => {
    const cache = new PageCache(60_000);
    const rendered = 'R3nd3r3dN0nc3AAAAAAAAA==';
    const stored = cache.set('k', page(renderedPage(rendered), rendered), cache.generation, 0)!;
    const nonces = Array.from({ length: 5 }, () => randomBytes(16).toString('base64'));
    const bodies = nonces.map((nonce) => cache.gzipped(stored, nonce));
    nonces.forEach((nonce, i) => {
      const body = bodies[i]!;
      expect([body[0], body[1]]).toEqual([0x1f, 0x8b]); // a gzip member
      expect(gunzipSync(body).toString('utf8')).toBe(renderedPage(nonce)); // gunzip checks the CRC and length
      expect(cache.withNonce(stored, nonce).toString('utf8')).toBe(renderedPage(nonce));
      expect(gunzipSync(cache.gzipped(stored, nonce, true)).toString('utf8')).toBe(renderedPage(nonce).replace('<html', '<html data-viewer="member" data-member=""'));
    });
    expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(nonces.length);
  });

  it('holds pages in their compressed bytes, and says how many and how big, fresh and stale', async () => {
    const cache = new PageCache(60_000);
    const text = renderedPage('n0nce');
    const first = cache.set('/topic/1', page(text, 'n0nce', ['topic:1']), cache.generation, 0)!;
    cache.set('/topic/2', page(text, 'n0nce', ['topic:2']), cache.generation, 0);
    expect(first.textBytes).toBe(Buffer.byteLength(text));
    expect(first.bytes).toBeLessThan(first.textBytes / 4);
    expect(cache.totalBytes).toBe(2 * first.bytes);
    await cache.invalidate(['topic:2']);
    expect(cache.stats()).toMatchObject({
      fresh: { entries: 1, bytes: first.bytes, textBytes: first.textBytes },
      stale: { entries: 1, bytes: first.bytes, textBytes: first.textBytes },
    });
    const before = cache.totalBytes;
    cache.gzipped(first, 'other', true); // a member's copy: its marked head is counted too
    expect(cache.totalBytes).toBe(before + first.memberHead!.deflated.length);
    expect(first.bytes).toBe(first.template.bytes.length + first.memberHead!.deflated.length);
    expect(cache.stats().fresh.bytes).toBe(first.bytes);
  });

  it('fits the budget by stored bytes: a budget of two pages of text holds several compressed pages', () => {
    const text = renderedPage('n0nce');
    const cache = new PageCache(60_000, 2 * Buffer.byteLength(text));
    for (let i = 1; i <= 8; i += 1) cache.set(`/topic/${i}`, page(text, 'n0nce'), cache.generation, 0);
    expect(cache.size).toBe(8);
    expect(cache.totalBytes).toBeLessThanOrEqual(2 * Buffer.byteLength(text));
  });

  it('streams through a gunzip as a browser reads it, nonce at the very start and end, and a body without one', async () => {
    const cache = new PageCache(60_000);
    for (const body of ['NNNN<p>ภาษาไทย</p>NNNN', 'no nonce here', '', 'NNNN']) {
      const copy = cache.set(body, page(body, 'NNNN'), cache.generation, 0)!;
      const gzip = cache.gzipped(copy, 'fresh-nonce');
      const gunzip = createGunzip();
      const chunks: Buffer[] = [];
      gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
      gunzip.end(gzip);
      await done;
      expect(Buffer.concat(chunks).toString('utf8')).toBe(body.split('NNNN').join('fresh-nonce'));
    }
  });
});

describe('gzip segments', () => {
  it('combines CRCs as zlib does: any pieces, any glue, random bytes included', () => {
    for (const sizes of [[0], [1, 0, 1], [100_000, 3, 70_000], [5, 65_536, 0, 12]]) {
      const texts = sizes.map((size) => randomBytes(size));
      const glue = randomBytes(24);
      const gzip = gzipFilled(templateOf(texts.map((text) => segmentOf(text)), glue.length), glue);
      const whole = Buffer.concat(texts.flatMap((text, i) => (i > 0 ? [glue, text] : [text])));
      expect(gunzipSync(gzip).equals(whole)).toBe(true);
      expect(gzip.readUInt32LE(gzip.length - 8)).toBe(crc32(whole));
    }
    expect(shiftOf(0)).toBe(0x80000000); // appending nothing changes nothing
  });
});
