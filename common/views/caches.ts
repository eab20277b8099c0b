/** What the server's caches hold (issue 32): `GET admin/caches`, `GET admin/system/memory`. */
import { z } from '../zod';

const heldSchema = z.strictObject({
  entries: z.number(),
  /** Bytes as stored (pages: compressed). */
  bytes: z.number(),
  /** Bytes of the same pages as text. */
  textBytes: z.number(),
});

export const cacheStatsViewSchema = z
  .strictObject({
    /** The page cache (ADR 0012, 0033): pages a hit can serve, and copies kept for a database outage. */
    pages: z.strictObject({ maxBytes: z.number(), ttlMs: z.number(), fresh: heldSchema, stale: heldSchema }),
    /** The public feeds' micro-cache, counted by each page's JSON and its anonymous envelope's stored gzip. */
    feeds: z.strictObject({ entries: z.number(), bytes: z.number(), maxBytes: z.number(), maxEntries: z.number() }),
  })
  .meta({ id: 'CacheStatsView' });
export type CacheStatsView = z.infer<typeof cacheStatsViewSchema>;

/** One in-process cache bounded in bytes: what it holds against its budget. */
export const cacheBudgetSchema = z
  .strictObject({
    /** pages, feeds, viewDedup, replyMailThrottle, rateLimits, preparedStatements. */
    name: z.string(),
    entries: z.number(),
    /** Bytes it is charged (pages: compressed; maps: an estimate made to err high). */
    bytes: z.number(),
    maxBytes: z.number(),
  })
  .meta({ id: 'CacheBudget' });

export const memoryViewSchema = z
  .strictObject({
    /** Bytes, as Node's process.memoryUsage() and v8.getHeapStatistics() answer them. */
    process: z.strictObject({
      rss: z.number(),
      heapUsed: z.number(),
      heapTotal: z.number(),
      heapLimit: z.number(),
      external: z.number(),
      arrayBuffers: z.number(),
    }),
    /** The caches this process holds in memory (a store kept in Redis is not listed). */
    caches: z.array(cacheBudgetSchema),
  })
  .meta({ id: 'MemoryView' });
export type MemoryView = z.infer<typeof memoryViewSchema>;
