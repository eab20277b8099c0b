/**
 * The one write path. `runWrite` runs a use case's write in one transaction (retried whole on a
 * deadlock, a serialization failure or a busy SQLite file), hands it a `WriteScope` to record
 * domain events with, runs their in-transaction handlers as they are recorded, and — once the
 * transaction has committed — their after-commit handlers. A try that is retried records its
 * events afresh; only the committed try's events reach after-commit handlers. Jobs enqueued in
 * the scope are outbox rows of the same transaction (kernel/jobs.ts): after a commit that
 * enqueued one, the job runner is kicked so the work starts at once rather than at its next poll.
 * Batches handlers gathered (`scope.gather`) are flushed after the use case, before the commit,
 * inside the transaction: one read for many facts of the write instead of one each.
 * A write still refused for contention after every try is answered 503 with Retry-After
 * (`WRITE_RETRY_AFTER_S`), never 500: nothing was written, and trying again a moment later works.
 */
import type { Kysely, Transaction } from 'kysely';
import { requireDb, type AppContext } from '../context';
import type { DB } from '../db/schema';
import { isTransientDbError, withRetry } from '../db/retry';
import { errors } from '../infra/errors';
import type { DomainEvent, DomainEventMap, DomainEventType, WriteScope } from './events';
import type { EnqueueOptions, JobDefinition } from './jobs';

/** What a write given up for contention asks the client to wait, in seconds. */
export const WRITE_RETRY_AFTER_S = 1;

export async function runWrite<T>(ctx: AppContext, work: (scope: WriteScope) => Promise<T>, options: { now?: number } = {}): Promise<T> {
  const db = requireDb(ctx);
  const now = options.now ?? ctx.clock.now();
  const { result, events, enqueued } = await withRetry(async () => {
    const recorded: DomainEvent[] = [];
    let jobs = 0;
    const value = await db.transaction().execute(async (trx) => {
      const batches = new Map<string, { items: unknown[]; flush: (items: unknown[], scope: WriteScope) => Promise<void> }>();
      const scope: WriteScope = {
        db: trx,
        now,
        ctx,
        async emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]) {
          recorded.push({ type, payload } as DomainEvent);
          await ctx.events.runWriteHandlers(type, payload, scope);
        },
        async enqueue<P>(job: JobDefinition<P>, payload: P, enqueueOptions?: EnqueueOptions) {
          await ctx.jobs.enqueue(trx, job, payload, now, enqueueOptions);
          jobs += 1;
        },
        gather<T>(key: string, item: T, flush: (items: T[], scope: WriteScope) => Promise<void>) {
          const batch = batches.get(key);
          if (batch) batch.items.push(item);
          else batches.set(key, { items: [item], flush: flush as (items: unknown[], scope: WriteScope) => Promise<void> });
        },
      };
      const result = await work(scope);
      // The gathered batches, in the order their keys first came; a flush may gather more.
      while (batches.size > 0) {
        const [key, batch] = batches.entries().next().value!;
        batches.delete(key);
        await batch.flush(batch.items, scope);
      }
      return result;
    });
    return { result: value, events: recorded, enqueued: jobs };
  }).catch((error: unknown) => {
    if (!isTransientDbError(error)) throw error;
    ctx.log.warn({ err: error }, 'write gave up after its retries (contention): answered 503');
    throw Object.assign(errors.unavailable('errors.unavailable', WRITE_RETRY_AFTER_S), { cause: error });
  });
  if (enqueued > 0) ctx.jobs.kick();
  await ctx.events.runCommitHandlers(events, ctx);
  return result;
}

/**
 * A transaction outside a write of the app's (no events, no jobs): the installer's own database
 * before it becomes the app's, a slice of the search index's rebuild. Retried whole like a
 * write; the only other place a transaction opens.
 */
export function runTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction().execute(work));
}

class RolledBack<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back on purpose');
  }
}

/**
 * A transaction that is always rolled back: a dry run (the importer's) does the whole work, so
 * its report is a real run's, and leaves nothing behind. Answers what `work` answered.
 */
export async function runRolledBack<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new RolledBack(await work(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as T;
    throw error;
  }
  throw new Error('runRolledBack: the transaction committed');
}
