/** What the process holds (issue 32): its memory, and each bounded cache's figures. */
import type { MemoryView } from '../../../common/views/system';
import type { ReadCall } from '../../kernel/actions';
import type { AppContext } from '../../context';
import { statementCacheOf } from '../../db/database';
import { MemoryDedupStore } from '../../infra/dedup';
import type { CacheFigures } from '../../infra/byte-lru';

/** Every in-process cache this app has made (a Redis-backed store holds nothing here). */
export function cacheFigures(ctx: AppContext): CacheFigures[] {
  const caches: Array<CacheFigures | null | undefined> = [
    ctx.pageCache.figures(),
    ctx.feedCache.figures(),
    ctx.viewDedup instanceof MemoryDedupStore ? ctx.viewDedup.figures() : null,
    ctx.replyMailThrottle instanceof MemoryDedupStore ? ctx.replyMailThrottle.figures() : null,
    ctx.limiter.figures(),
    ctx.state.db ? statementCacheOf(ctx.state.db)?.figures() : null,
  ];
  return caches.filter((figures): figures is CacheFigures => Boolean(figures));
}

/** GET admin/system/memory. */
export async function memoryFigures({ ctx }: ReadCall<unknown, undefined>): Promise<MemoryView> {
  const memory = process.memoryUsage();
  return {
    process: {
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      externalBytes: memory.external,
      uptimeSeconds: Math.round(process.uptime()),
    },
    caches: cacheFigures(ctx),
  };
}
