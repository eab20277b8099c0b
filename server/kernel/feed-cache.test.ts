/** The feed micro-cache's bounds (issue 32, ADR 0036): each page charged by its envelope's JSON and the objects behind it, the least recently read dropped first, the figures told. */
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, stringBytes } from '../infra/byte-lru';
import { FeedCache } from './feed-cache';
import type { Page } from './paging';

function pageOf(text: string): Page<string> {
  return { results: [text], cursor: '', hasMore: false };
}

/** What a page under a one-letter key is charged: the entry, the key, its envelope's JSON and about three times that in objects. */
function bytesOf(text: string): number {
  return ENTRY_OVERHEAD_BYTES + stringBytes('a') + 4 * JSON.stringify({ success: true, data: pageOf(text) }).length;
}

describe('FeedCache', () => {
  it('charges each page by its JSON and stays within its bytes, dropping the least recently read first', async () => {
    const text = 'ข่าว'.repeat(50);
    const cache = new FeedCache(60_000, 2 * bytesOf(text) + 1024); // two pages, and room for one still loading (charged 1 KB)
    for (const key of ['a', 'b', 'c']) {
      await cache.get(key, 0, async () => pageOf(text));
      await new Promise((resolve) => setImmediate(resolve)); // the size is counted once the page is loaded
    }
    expect(cache.figures()).toMatchObject({ entries: 2, bytes: 2 * bytesOf(text) });
    let loads = 0;
    await cache.get('a', 0, async () => (loads++, pageOf(text)));
    expect(loads).toBe(1); // 'a' was the one dropped
    cache.clear('b');
    expect(cache.figures().entries).toBe(2);
    cache.clear();
    expect(cache.figures()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('makes the anonymous envelope from the same JSON, byte for byte', async () => {
    const cache = new FeedCache(60_000);
    const page = pageOf('<b>"quoted" · 中文</b>');
    expect(await cache.body('k', 0, async () => page)).toBe(JSON.stringify({ success: true, data: page }));
  });

  it('forgets a failed load and its bytes', async () => {
    const cache = new FeedCache(60_000);
    await expect(cache.get('k', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(cache.figures()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
