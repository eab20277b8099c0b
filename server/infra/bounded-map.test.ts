/**
 * The maps bounded in bytes (issue 32): the map itself, and each in-process store built on it
 * (view de-dup and reply-mail throttle, rate-limit windows, SQLite's prepared statements) evicts
 * by bytes, oldest first, under a flood of new keys within one sweep.
 */
import { describe, expect, it } from 'vitest';
import { createDatabase, preparedStatementStats } from '../db/database';
import { BoundedMap, ENTRY_OVERHEAD, stringBytes } from './bounded-map';
import { MemoryDedupStore } from './dedup';
import { MemoryRateLimitStore, RateLimiter } from './rate-limiter';

describe('BoundedMap', () => {
  const tenBytes = () => 10;

  it('evicts the oldest entries once its bytes pass the budget, never the one just stored', () => {
    const map = new BoundedMap<string, number>(30, tenBytes);
    for (const key of ['a', 'b', 'c']) map.set(key, 1);
    expect(map.stats()).toEqual({ entries: 3, bytes: 30, maxBytes: 30 });
    map.set('d', 1);
    expect([...map].map(([key]) => key)).toEqual(['b', 'c', 'd']);
    expect(map.bytes).toBe(30);
    const huge = new BoundedMap<string, string>(30, (key, value) => value.length);
    huge.set('small', 'x');
    huge.set('big', 'x'.repeat(100));
    expect([...huge].map(([key]) => key)).toEqual(['big']);
  });

  it('counts by what each entry is charged, not by entries', () => {
    const map = new BoundedMap<string, string>(100, (key, value) => stringBytes(key) + stringBytes(value));
    map.set('k1', 'x'.repeat(20)); // 44 bytes
    map.set('k2', 'x'.repeat(20)); // 88
    map.set('k3', 'y'); // 94
    expect(map.size).toBe(3);
    map.set('k4', 'x'.repeat(20)); // 138: k1 goes, 94 left
    expect([...map].map(([key]) => key)).toEqual(['k2', 'k3', 'k4']);
    expect(map.bytes).toBe(94);
  });

  it('keeps a touched entry over older ones; replacing, deleting and sweeping give their bytes back', () => {
    const map = new BoundedMap<string, number>(30, tenBytes);
    const keys = () => [...map].map(([key]) => key);
    for (const key of ['a', 'b', 'c']) map.set(key, 1);
    map.touch('a');
    map.set('d', 1);
    expect(keys()).toEqual(['c', 'a', 'd']);
    map.set('a', 2);
    expect(keys()).toEqual(['c', 'd', 'a']);
    expect([map.bytes, map.get('a')]).toEqual([30, 2]);
    map.delete('c');
    expect([keys(), map.bytes]).toEqual([['d', 'a'], 20]);
    map.deleteWhere((value) => value === 1);
    expect([...map]).toEqual([['a', 2]]);
    expect(map.bytes).toBe(10);
    map.clear();
    expect([map.size, map.bytes]).toEqual([0, 0]);
  });
});

describe('in-process stores bounded in bytes', () => {
  const WINDOW = 600_000;

  it('view de-dup: a flood of new readers within one sweep stays within its bytes, the oldest forgotten first', async () => {
    const budget = 64 * 1024;
    const store = new MemoryDedupStore(budget);
    expect(await store.firstSeen('first', WINDOW, 1)).toBe(true);
    for (let i = 0; i < 5_000; i += 1) await store.firstSeen(`topic:1:reader-${i}`, WINDOW, 2);
    const stats = store.stats();
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.entries).toBe(Math.floor(budget / (ENTRY_OVERHEAD + stringBytes('topic:1:reader-1000'))));
    // The oldest key was pushed out: seen again; a recent one is still remembered.
    expect(await store.firstSeen('first', WINDOW, 3)).toBe(true);
    expect(await store.firstSeen('topic:1:reader-4999', WINDOW, 3)).toBe(false);
  });

  it('reply-mail throttle: holders are charged too, and a held key keeps its holder', async () => {
    const store = new MemoryDedupStore(4 * 1024);
    expect(await store.hold('mail:1', 'job-1', WINDOW, 1)).toBe(true);
    expect(await store.hold('mail:1', 'job-1', WINDOW, 2)).toBe(true);
    expect(await store.hold('mail:1', 'job-2', WINDOW, 2)).toBe(false);
    expect(store.stats().bytes).toBe(2 * ENTRY_OVERHEAD + stringBytes('mail:1') + stringBytes('job-1'));
    for (let i = 0; i < 100; i += 1) await store.hold(`mail:${i + 2}`, `job-${i + 2}`, WINDOW, 3);
    expect(store.stats().bytes).toBeLessThanOrEqual(4 * 1024);
    expect(await store.held('mail:1', WINDOW, 4)).toBe(false);
  });

  it('rate limits: windows of a flood of new addresses stay within their bytes', async () => {
    const budget = 32 * 1024;
    const limiter = new RateLimiter(new MemoryRateLimitStore(budget), { now: () => 1_000 }, true);
    const rule = { name: 'signin:ip', max: 5, windowMs: 60_000 };
    for (let i = 0; i < 2_000; i += 1) await limiter.consume(rule, `198.51.${i >> 8}.${i & 255}`);
    const stats = limiter.stats()!;
    expect(stats.bytes).toBeLessThanOrEqual(budget);
    expect(stats.entries).toBeGreaterThan(100);
    expect(stats.entries).toBeLessThan(2_000);
  });

  it('SQLite prepared statements: distinct SQL texts stay within their bytes, a reused one is kept', async () => {
    const db = createDatabase({ type: 'sqlite', file: ':memory:' });
    try {
      await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      expect(preparedStatementStats(db)!.entries).toBe(1);
      for (let i = 0; i < 3_000; i += 1) await db.selectNoFrom((eb) => eb.val(i).as(`column_${i}`)).execute();
      const stats = preparedStatementStats(db)!;
      expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
      expect(stats.entries).toBeLessThan(3_000);
    } finally {
      await db.destroy();
    }
  });
});
