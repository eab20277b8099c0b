/** The feed micro-cache's bounds (issue 32): its bytes counted by each page's JSON (and the anonymous envelope's gzip), the oldest dropped first, the figures told. */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FeedCache } from './feed-cache';
import type { Page } from './paging';

function pageOf(text: string): Page<string> {
  return { results: [text], cursor: '', hasMore: false };
}

/** Bytes a page costs: its JSON. */
function bytesOf(text: string): number {
  return Buffer.byteLength(JSON.stringify(pageOf(text)));
}

describe('FeedCache', () => {
  it('counts each page by its JSON and stays within its bytes, dropping the oldest first', async () => {
    const text = 'ข่าว'.repeat(50);
    const cache = new FeedCache(60_000, 2 * bytesOf(text));
    for (const key of ['a', 'b', 'c']) await cache.get(key, 0, async () => pageOf(text));
    await Promise.resolve(); // the size is counted once the JSON is made
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 2 * bytesOf(text) });
    let loads = 0;
    await cache.get('a', 0, async () => (loads++, pageOf(text)));
    expect(loads).toBe(1); // 'a' was the one dropped
    cache.clear('b');
    expect(cache.stats().entries).toBe(2);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('makes the anonymous envelope from the same JSON, byte for byte, and its gzip once', async () => {
    const cache = new FeedCache(60_000);
    const page = pageOf('<b>"quoted" · 中文</b>');
    const body = await cache.body('k', 0, async () => page);
    expect(body.json).toBe(JSON.stringify({ success: true, data: page }));
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(body.json);
    // The same stored copy for the next reader, counted with the page's JSON.
    expect(await cache.body('k', 1, async () => page)).toBe(body);
    expect(cache.stats().bytes).toBe(Buffer.byteLength(JSON.stringify(page)) + body.gzip.length);
  });

  it('forgets a failed load and its bytes', async () => {
    const cache = new FeedCache(60_000);
    await expect(cache.get('k', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
