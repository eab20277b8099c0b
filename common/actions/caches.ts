/** The server's caches and memory in figures (issue 32): the contract of the caches feature's reads. */
import { z } from '../zod';
import type { CacheStatsView, MemoryView } from '../views/caches';
import { contract, returns } from './contract';

export const cacheActions = {
  stats: contract({
    name: 'caches.stats',
    method: 'GET',
    path: '/api/admin/caches',
    input: z.object({}),
    output: returns<CacheStatsView>(),
    summary: 'What this process’s caches hold: the page cache’s fresh and stale pages (entries, stored and text bytes, the budget) and the feed cache’s. Moderators and admins.',
  }),
  memory: contract({
    name: 'caches.memory',
    method: 'GET',
    path: '/api/admin/system/memory',
    input: z.object({}),
    output: returns<MemoryView>(),
    summary:
      'This process’s memory: resident set, V8 heap (used, total, limit), memory outside the heap (external, array buffers), and every in-process cache’s entries and bytes against its byte budget. Admins.',
  }),
};
