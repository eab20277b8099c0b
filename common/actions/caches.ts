/** The server's caches in figures (issue 32): the contract of the caches feature's one read. */
import { z } from '../zod';
import type { CacheStatsView } from '../views/caches';
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
};
