/** The back office's memory figures (issue 32, ADR 0036): the process and each in-process cache. */
import { z } from '../zod';

export const cacheFiguresSchema = z
  .strictObject({
    /** `pages`, `feeds`, `views`, `reply-mails`, `rate-limits`, `sqlite-statements`. */
    name: z.string(),
    entries: z.number(),
    /** What it holds, estimated (each cache says how it counts). */
    bytes: z.number(),
    /** Its budget: past it, the least recently used go. */
    maxBytes: z.number(),
    /** Entries the budget pushed out since the process started. */
    evictions: z.number(),
  })
  .meta({ id: 'CacheFigures' });
export type CacheFiguresView = z.infer<typeof cacheFiguresSchema>;

export const memoryViewSchema = z
  .strictObject({
    /** This process (one of several behind a balancer: each answers for itself). */
    process: z.strictObject({
      /** Resident set: what the operating system counts. */
      rssBytes: z.number(),
      heapUsedBytes: z.number(),
      heapTotalBytes: z.number(),
      /** Memory V8 objects hold outside the heap (Buffers, typed arrays). */
      externalBytes: z.number(),
      uptimeSeconds: z.number(),
    }),
    caches: z.array(cacheFiguresSchema),
  })
  .meta({ id: 'MemoryView' });
export type MemoryView = z.infer<typeof memoryViewSchema>;
