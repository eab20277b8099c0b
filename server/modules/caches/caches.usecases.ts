/**
 * The caches in figures (issue 32): how many pages and bytes this process holds, against each
 * cache's budget, for operators (`GET admin/caches`). Memory only,
 * no query; each process answers for itself (with several processes behind a balancer, each
 * holds its own copies).
 */
import type { CacheStatsView } from '../../../common/views/caches';
import type { ReadCall } from '../../kernel/actions';

export function cacheStats({ ctx }: ReadCall<unknown, undefined>): Promise<CacheStatsView> {
  return Promise.resolve({ pages: ctx.pageCache.stats(), feeds: ctx.feedCache.stats() });
}
