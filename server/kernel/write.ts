/**
 * The one write path. `runWrite` runs a use case's write in one transaction (retried whole on a
 * deadlock, a serialization failure or a busy SQLite file), hands it a `WriteScope` to record
 * domain events with, runs their in-transaction handlers as they are recorded, and — once the
 * transaction has committed — their after-commit handlers. A try that is retried records its
 * events afresh; only the committed try's events reach after-commit handlers.
 */
import { requireDb, type AppContext } from '../context';
import { withRetry } from '../db/retry';
import type { DomainEvent, DomainEventMap, DomainEventType, WriteScope } from './events';

export async function runWrite<T>(ctx: AppContext, work: (scope: WriteScope) => Promise<T>, options: { now?: number } = {}): Promise<T> {
  const db = requireDb(ctx);
  const now = options.now ?? ctx.clock.now();
  const { result, events } = await withRetry(async () => {
    const recorded: DomainEvent[] = [];
    const value = await db.transaction().execute(async (trx) => {
      const scope: WriteScope = {
        db: trx,
        now,
        ctx,
        async emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]) {
          recorded.push({ type, payload } as DomainEvent);
          await ctx.events.runWriteHandlers(type, payload, scope);
        },
      };
      return work(scope);
    });
    return { result: value, events: recorded };
  });
  await ctx.events.runCommitHandlers(events, ctx);
  return result;
}
