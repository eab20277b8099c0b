/**
 * The caches in figures (issue 32): how many pages and bytes this process holds, against each
 * cache's budget, for operators (`GET admin/caches`), and the process's memory with every
 * in-process cache bounded in bytes (`GET admin/system/memory`). Memory only, no query; each
 * process answers for itself (with several processes behind a balancer, each holds its own
 * copies).
 */
import { getHeapStatistics } from 'node:v8';
import type { CacheStatsView, MemoryView } from '../../../common/views/caches';
import type { AppContext } from '../../context';
import { preparedStatementStats } from '../../db/database';
import type { BoundedStats } from '../../infra/bounded-map';
import type { ReadCall } from '../../kernel/actions';

export function cacheStats({ ctx }: ReadCall<unknown, undefined>): Promise<CacheStatsView> {
  return Promise.resolve({ pages: ctx.pageCache.stats(), feeds: ctx.feedCache.stats() });
}

/** Every in-process cache and its budget; one kept in Redis (or absent) is left out. */
function cacheBudgets(ctx: AppContext): MemoryView['caches'] {
  const pages = ctx.pageCache.stats();
  const feeds = ctx.feedCache.stats();
  const bounded: Array<[string, BoundedStats | null | undefined]> = [
    ['pages', { entries: pages.fresh.entries + pages.stale.entries, bytes: pages.fresh.bytes + pages.stale.bytes, maxBytes: pages.maxBytes }],
    ['feeds', { entries: feeds.entries, bytes: feeds.bytes, maxBytes: feeds.maxBytes }],
    ['viewDedup', ctx.viewDedup.stats?.()],
    ['replyMailThrottle', ctx.replyMailThrottle.stats?.()],
    ['rateLimits', ctx.limiter.stats()],
    ['preparedStatements', ctx.state.db ? preparedStatementStats(ctx.state.db) : null],
  ];
  return bounded.flatMap(([name, stats]) => (stats ? [{ name, ...stats }] : []));
}

export function memoryStats({ ctx }: ReadCall<unknown, undefined>): Promise<MemoryView> {
  const usage = process.memoryUsage();
  return Promise.resolve({
    process: {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      heapLimit: getHeapStatistics().heap_size_limit,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
    },
    caches: cacheBudgets(ctx),
  });
}
