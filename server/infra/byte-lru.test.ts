import { describe, expect, it } from 'vitest';
import { ByteLru, ENTRY_OVERHEAD_BYTES, stringBytes } from './byte-lru';
import { MemoryDedupStore } from './dedup';
import { MemoryRateLimitStore } from './rate-limiter';
import { FeedCache } from '../kernel/feed-cache';

/** What one entry of key `k<n>` with a value of `size` bytes costs. */
const cost = (key: string, size: number) => ENTRY_OVERHEAD_BYTES + stringBytes(key) + size;

describe('ByteLru: bounded by bytes, least recently used out', () => {
  it('keeps the total within the budget by dropping the least recently used', () => {
    const lru = new ByteLru<number>('test', cost('k1', 1000) * 3, (size) => size);
    lru.set('k1', 1000);
    lru.set('k2', 1000);
    lru.set('k3', 1000);
    expect(lru.get('k1')).toBe(1000); // k1 is now the most recently used: k2 goes first
    lru.set('k4', 1000);
    expect([...lru.entries()].map(([key]) => key)).toEqual(['k3', 'k1', 'k4']);
    expect(lru.bytes).toBe(cost('k1', 1000) * 3);
    expect(lru.figures()).toMatchObject({ name: 'test', entries: 3, evictions: 1 });
  });

  it('counts bytes, not entries: one big value pushes out many small ones', () => {
    const lru = new ByteLru<number>('test', 10_000, (size) => size);
    for (let i = 0; i < 20; i += 1) lru.set(`k${i}`, 100);
    expect(lru.size).toBe(20);
    lru.set('big', 8_000);
    expect(lru.bytes).toBeLessThanOrEqual(10_000);
    expect(lru.peek('big')).toBe(8_000);
    expect(lru.size).toBeLessThan(10);
  });

  it('charges a value anew when it grows, and deleting or clearing gives its bytes back', () => {
    const lru = new ByteLru<{ n: number }>('test', 5_000, (value) => value.n);
    const grows = { n: 10 };
    lru.set('a', grows);
    lru.set('b', { n: 10 });
    grows.n = 4_000;
    lru.remeasure('a');
    expect(lru.bytes).toBe(cost('a', 4_000) + cost('b', 10));
    grows.n = 6_000; // alone over the budget: it goes too
    lru.remeasure('a');
    expect(lru.has('a')).toBe(false);
    lru.clear((key) => key === 'b');
    expect(lru.bytes).toBe(0);
  });
});

describe('the in-process caches are bounded in bytes', () => {
  it('view de-dup: a flood of new keys never holds more than its budget', async () => {
    const store = new MemoryDedupStore('views', 64 * 1024);
    for (let i = 0; i < 10_000; i += 1) await store.firstSeen(`topic:${i}|203.0.113.${i % 250}`, 600_000, 1_000);
    const figures = store.figures();
    expect(figures.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(figures.entries).toBeGreaterThan(100);
    expect(figures.evictions).toBeGreaterThan(0);
    // The newest keys are still remembered.
    expect(await store.firstSeen('topic:9999|203.0.113.249', 600_000, 2_000)).toBe(false);
  });

  it('reply-mail throttle: a holder keeps its window, within the budget', async () => {
    const store = new MemoryDedupStore('reply-mails', 64 * 1024);
    expect(await store.hold('mail:1', 'job-1', 600_000, 1_000)).toBe(true);
    expect(await store.hold('mail:1', 'job-1', 600_000, 2_000)).toBe(true);
    expect(await store.hold('mail:1', 'job-2', 600_000, 2_000)).toBe(false);
    for (let i = 0; i < 5_000; i += 1) await store.hold(`mail:x${i}`, `job-${i}`, 600_000, 3_000);
    expect(store.figures().bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('rate limits: a flood of addresses stays within the budget, the address being hit keeps its count', async () => {
    const store = new MemoryRateLimitStore(64 * 1024);
    for (let i = 0; i < 10_000; i += 1) {
      await store.hit('signin:ip:198.51.100.7', 60_000, 1_000);
      await store.hit(`signin:ip:10.0.${i >> 8}.${i & 255}`, 60_000, 1_000);
    }
    expect(store.figures().bytes).toBeLessThanOrEqual(64 * 1024);
    expect((await store.hit('signin:ip:198.51.100.7', 60_000, 1_000)).count).toBe(10_001);
  });

  it('feeds: a page is charged by its JSON once loaded, and the cache stays within its budget', async () => {
    const cache = new FeedCache(2_000, 200 * 1024);
    const page = { results: Array.from({ length: 20 }, (_, i) => ({ id: i, title: 'x'.repeat(500) })), cursor: '', hasMore: false };
    for (let i = 0; i < 100; i += 1) await cache.get(`topic|latest|${i}`, 1_000, async () => page);
    await Promise.resolve();
    const figures = cache.figures();
    const json = JSON.stringify({ success: true, data: page }).length;
    expect(figures.bytes).toBeLessThanOrEqual(200 * 1024);
    expect(figures.bytes).toBeGreaterThan(json * 4);
    expect(figures.entries).toBeLessThan(100);
  });
});
