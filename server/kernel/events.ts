/**
 * Domain events: the facts a write records ("a topic was created", "a comment's status
 * changed"), and the handlers features attach to them. A write's side effects are handlers, never
 * calls sprinkled through use cases: a new side effect is one more `onWrite`/`onCommit`, wherever
 * the fact is recorded.
 *
 * - `onWrite` handlers run inside the write's transaction, at the moment the fact is recorded:
 *   they keep derived rows in step (counters, messages, audit rows, scores, the search index) and
 *   roll back with the write. Where their order matters (the rows they lock), they declare it.
 * - `onCommit` handlers run after the transaction committed, before the request answers: what
 *   must not happen for a write that rolled back and may be lost to a crash (cache drops, the
 *   live unread push). Work that must not be lost (mail) goes to the outbox instead.
 *
 * Each feature declares its own facts in its `<feature>.events.ts`, by merging into
 * `DomainEventMap` (the content kinds' shared facts are kernel/content-events.ts's), so the map
 * stays typed and no hub lists every feature's events. `npm run docs:events` prints the table of
 * facts and listeners from a running app.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { EnqueueOptions, JobDefinition } from './jobs';

/** A moderator's or author's hand in an event (for audit and messages). */
export interface Actor {
  id: number;
  moderator: boolean;
  ip: string;
}

/**
 * Every fact a write may record, by name, with its payload: empty here, filled by the features'
 * declarations (`declare module '…/kernel/events' { interface DomainEventMap { … } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface; the features fill it
export interface DomainEventMap {}

export type DomainEventType = keyof DomainEventMap;

export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEventMap[K] } }[DomainEventType];

/**
 * What an in-transaction handler can use: the transaction, the write's time, `emit` for facts of
 * its own, and `enqueue` for work owed after the commit that must not be lost (kernel/jobs.ts):
 * its outbox row commits, or rolls back, with the write.
 */
export interface WriteScope {
  readonly db: Kysely<DB>;
  readonly now: number;
  readonly ctx: AppContext;
  emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]): Promise<void>;
  enqueue<P>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
  /**
   * Adds `item` to the write's batch under `key`; just before the commit, still inside the
   * transaction, `flush` (the first one given for the key) runs once with every item gathered:
   * a handler that would make one read per fact (a push owed per message: does the member have a
   * device?) makes one for the whole write. What a flush writes, enqueues or records commits or
   * rolls back with the write, as the handler's own work would.
   */
  gather<T>(key: string, item: T, flush: (items: T[], scope: WriteScope) => Promise<void>): void;
}

export type WriteHandler<K extends DomainEventType> = (payload: DomainEventMap[K], scope: WriteScope) => Promise<void>;
export type CommitHandler<K extends DomainEventType> = (payload: DomainEventMap[K], ctx: AppContext) => Promise<void> | void;

interface Registered<H> {
  feature: string;
  handle: H;
  order: number;
}

/**
 * Where an in-transaction handler stands among the others of its event, by the rows it locks
 * (ADR 0010): every write locks member rows, then node rows, then tag rows, before it inserts
 * rows that point at them (a foreign-key check takes a shared lock on MySQL), so concurrent
 * writes queue instead of deadlocking. Handlers that lock no counter row take `rows` (the
 * default) and run after, in the order they were registered.
 */
export const HANDLER_ORDER = { memberRows: 10, nodeRows: 20, tagRows: 30, rows: 100 } as const;

export class DomainEvents {
  private readonly writeHandlers = new Map<DomainEventType, Array<Registered<WriteHandler<never>>>>();
  private readonly commitHandlers = new Map<DomainEventType, Array<Registered<CommitHandler<never>>>>();

  /**
   * Inside the transaction, when the fact is recorded; `order` places it by the rows it locks
   * (HANDLER_ORDER), registration order breaking ties.
   */
  onWrite<K extends DomainEventType>(type: K, feature: string, handle: WriteHandler<K>, options: { order?: number } = {}): void {
    const list = this.writeHandlers.get(type) ?? [];
    list.push({ feature, handle: handle as WriteHandler<never>, order: options.order ?? HANDLER_ORDER.rows });
    // A stable sort: equal orders keep their registration order.
    list.sort((a, b) => a.order - b.order);
    this.writeHandlers.set(type, list);
  }

  /** After the commit, before the answer: best effort (a failure is logged; the write stands). */
  onCommit<K extends DomainEventType>(type: K, feature: string, handle: CommitHandler<K>): void {
    const list = this.commitHandlers.get(type) ?? [];
    list.push({ feature, handle: handle as CommitHandler<never>, order: HANDLER_ORDER.rows });
    this.commitHandlers.set(type, list);
  }

  /** Who listens to what (for the architecture test and docs): `type → ['feature (write|commit)', …]`. */
  describe(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [type, list] of this.writeHandlers) out[type] = list.map((h) => `${h.feature} (write)`);
    for (const [type, list] of this.commitHandlers) out[type] = [...(out[type] ?? []), ...list.map((h) => `${h.feature} (commit)`)];
    return out;
  }

  async runWriteHandlers<K extends DomainEventType>(type: K, payload: DomainEventMap[K], scope: WriteScope): Promise<void> {
    for (const { handle } of this.writeHandlers.get(type) ?? []) await (handle as WriteHandler<K>)(payload, scope);
  }

  /** Every committed event's after-commit handlers, in the order the events were recorded. */
  async runCommitHandlers(events: readonly DomainEvent[], ctx: AppContext): Promise<void> {
    for (const event of events) {
      for (const { feature, handle } of this.commitHandlers.get(event.type) ?? []) {
        try {
          await (handle as CommitHandler<typeof event.type>)(event.payload as never, ctx);
        } catch (error) {
          ctx.log.error({ err: error, event: event.type, feature }, 'after-commit handler failed');
        }
      }
    }
  }
}
