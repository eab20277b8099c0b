/**
 * Per-app helpers of the messages feature, kept beside the app context (one per app instance)
 * without widening AppContext: the event bus (memory, or Redis pub/sub when REDIS_URL is set),
 * and the reply-mail throttle (memory, or Redis so every process agrees).
 */
import type { AppContext } from '../../context';
import { MemoryDedupStore, RedisDedupStore, type DedupStore } from '../../infra/dedup';
import { MemoryEventBus, RedisEventBus, type EventBus } from '../../infra/events';
import { forumNamespace } from '../../infra/namespace';

const buses = new WeakMap<AppContext, EventBus>();
const throttles = new WeakMap<AppContext, DedupStore>();

/** The Redis channel namespace of this forum (see `forumNamespace`). */
export function eventNamespace(ctx: AppContext): string {
  return forumNamespace(ctx.config);
}

export function eventBus(ctx: AppContext): EventBus {
  let bus = buses.get(ctx);
  if (!bus) {
    bus = ctx.redis ? new RedisEventBus(ctx.redis, eventNamespace(ctx), (error) => ctx.log.warn({ err: error }, 'event bus subscriber error')) : new MemoryEventBus();
    buses.set(ctx, bus);
  }
  return bus;
}

export async function closeEventBus(ctx: AppContext): Promise<void> {
  const bus = buses.get(ctx);
  buses.delete(ctx);
  await bus?.close();
}

export function replyMailThrottle(ctx: AppContext): DedupStore {
  let store = throttles.get(ctx);
  if (!store) {
    store = ctx.redis ? new RedisDedupStore(ctx.redis, 'sabai:replymail:') : new MemoryDedupStore(50_000);
    throttles.set(ctx, store);
  }
  return store;
}
