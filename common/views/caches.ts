/** What the server's caches hold (issue 32): `GET admin/caches`. */
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
