/**
 * Jobs on BullMQ (REDIS_URL set; ADR 0022). The outbox row stays the record: a write commits it,
 * `relay` hands committed rows to a BullMQ queue with the row id as jobId — so a relay repeated
 * after a crash between the add and the row's update adds nothing twice (BullMQ ignores an id it
 * holds; finished jobs are kept a day for that) — and any process's Worker runs the job, retried
 * by BullMQ with the same exponential backoff, and writes each outcome back on the row, which is
 * what the back office shows. Periodic jobs are BullMQ job schedulers, whose tick enqueues the
 * job's outbox row like any write.
 *
 * Keys live under `sabai:bull:<forum>` (infra/namespace.ts): forums sharing a Redis never see
 * each other's jobs. bullmq is loaded on first use (ADR 0008).
 */
import { randomUUID } from 'node:crypto';
import type * as BullMQ from 'bullmq';
import type { Job, Queue, Worker } from 'bullmq';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, JobRow } from '../../db/schema';
import { lazyPackage } from '../../infra/lazy-package';
import { forumNamespace } from '../../infra/namespace';
import { backoffDelay, type JobRunner } from './jobs.runner';
import { findJob, findOverdueQueued, findUnrelayed, finishJob, markQueued, recordFailure, startQueuedJob, unqueue } from './jobs.repository';

const bullmq = lazyPackage<typeof BullMQ>('bullmq');
const ioredis = lazyPackage<typeof IORedis>('ioredis');

export const QUEUE_NAME = 'jobs';
/** Rows relayed per round. */
const RELAY_BATCH = 100;
/** A queued row this long past its time is looked for in BullMQ (`recoverLost`). */
const OVERDUE_MS = 10 * 60_000;
/** Finished jobs stay in Redis this long: a relay repeated within it adds nothing. */
const KEEP_DONE = { age: 24 * 3_600, count: 100_000 };
const KEEP_FAILED = { age: 30 * 24 * 3_600 };
/**
 * A job whose process died this many times is failed by BullMQ (it may be what kills it); its
 * row then stays `running`, the one outcome BullMQ does not tell a worker of (ADR 0022).
 */
const MAX_STALLED = 5;

interface JobData {
  /** The outbox row this job runs. */
  outboxId?: number;
  /** A schedule's tick: enqueue that job's row. */
  schedule?: string;
}

/** The forum's BullMQ key prefix. */
export function bullPrefix(config: AppContext['config']): string {
  return `sabai:bull:${forumNamespace(config)}`;
}

/**
 * A row's BullMQ job id: the row id; a back-office retry of a failed row is a new run and gets a
 * new id (the failed one is kept). BullMQ refuses ids that are integers or contain ':'.
 */
export function bullJobId(row: Pick<JobRow, 'id' | 'retries'>): string {
  return row.retries === 0 ? `job-${row.id}` : `job-${row.id}-retry-${row.retries}`;
}

/** BullMQ's blocking reads need a connection that never gives up on a command. */
function bullConnection(url: string): Redis {
  return new (ioredis().Redis)(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
}

export class BullBackend {
  private queue: Queue<JobData> | null = null;
  private worker: Worker<JobData> | null = null;
  private readonly connections: Redis[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly runner: JobRunner,
    private readonly redisUrl: string,
  ) {}

  /** The queue (and this process's worker), made on first use: the prefix names the installed forum. */
  private open(): Queue<JobData> {
    if (this.queue) return this.queue;
    const { Queue: QueueClass, Worker: WorkerClass } = bullmq();
    const prefix = bullPrefix(this.ctx.config);
    const connection = bullConnection(this.redisUrl);
    this.connections.push(connection);
    this.queue = new QueueClass<JobData>(QUEUE_NAME, { connection, prefix });
    // An unheard 'error' event would end the process; a Redis outage is logged, the rows wait.
    this.queue.on('error', (error) => this.ctx.log.warn({ err: error }, 'job queue error'));
    const { workers, leaseMs } = this.runner.options;
    if (workers > 0) {
      const workerConnection = bullConnection(this.redisUrl);
      this.connections.push(workerConnection);
      this.worker = new WorkerClass<JobData>(QUEUE_NAME, (job) => this.process(job), {
        connection: workerConnection,
        prefix,
        concurrency: workers,
        // A killed process's jobs go to another worker after about twice the lease.
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        maxStalledCount: MAX_STALLED,
      });
      this.worker.on('error', (error) => this.ctx.log.warn({ err: error }, 'job worker error'));
    }
    return this.queue;
  }

  /** Hands committed rows to BullMQ, then marks them queued (a crash between the two re-adds nothing). */
  async relay(db: Kysely<DB>): Promise<void> {
    const queue = this.open();
    for (;;) {
      const rows = await findUnrelayed(db, RELAY_BATCH);
      if (rows.length === 0) return;
      const now = this.ctx.clock.now();
      await queue.addBulk(rows.map((row) => ({ name: row.name, data: { outboxId: row.id }, opts: this.jobOptions(row, now) })));
      await markQueued(
        db,
        rows.map((row) => row.id),
        now,
      );
      if (rows.length < RELAY_BATCH) return;
    }
  }

  private jobOptions(row: JobRow, now: number) {
    return {
      jobId: bullJobId(row),
      attempts: row.max_attempts,
      backoff: { type: 'exponential', delay: row.backoff_ms },
      delay: Math.max(0, row.run_at - now),
      removeOnComplete: KEEP_DONE,
      removeOnFail: KEEP_FAILED,
    };
  }

  /**
   * Rows marked queued, overdue by `OVERDUE_MS`, that BullMQ no longer holds (a Redis that lost its
   * data, a queue obliterated by hand): they wait again and are relayed anew.
   */
  async recoverLost(db: Kysely<DB>): Promise<void> {
    const queue = this.open();
    const now = this.ctx.clock.now();
    const lost: number[] = [];
    for (const row of await findOverdueQueued(db, now - OVERDUE_MS, RELAY_BATCH)) {
      if (!(await queue.getJob(bullJobId(row)))) lost.push(row.id);
    }
    if (lost.length === 0) return;
    this.ctx.log.warn({ jobIds: lost }, 'jobs queued on BullMQ but not found there: relayed again');
    await unqueue(db, lost, now);
  }

  /** Every process declares the schedulers (an upsert: the same id is one scheduler). */
  async ensureSchedulers(schedules: ReadonlyArray<{ name: string; everyMs: number }>): Promise<void> {
    const queue = this.open();
    for (const { name, everyMs } of schedules) {
      await queue.upsertJobScheduler(`schedule:${name}`, { every: everyMs }, { name: `schedule:${name}`, data: { schedule: name }, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    }
  }

  /** One delivery: the row marked running, the job run, the outcome written back; a failure rethrown for BullMQ to retry. */
  private async process(job: Job<JobData>): Promise<void> {
    if (job.data.schedule) return this.runner.enqueueScheduled(job.data.schedule);
    const db = this.ctx.state.db;
    const id = job.data.outboxId;
    if (!db || id === undefined) throw new Error('no database to run the job on');
    const row = await findJob(db, id);
    if (!row) return;
    const attempt = job.attemptsMade + 1;
    const claim = randomUUID();
    const started = this.ctx.clock.now();
    if (!(await startQueuedJob(db, id, claim, attempt, started, started + this.runner.options.leaseMs))) return;
    const outcome = await this.runner.execute(row, attempt);
    const now = this.ctx.clock.now();
    if (outcome.ok) return finishJob(db, id, claim, now);
    const final = outcome.permanent || attempt >= row.max_attempts;
    this.runner.logFailure(row, attempt, outcome, final);
    await recordFailure(db, id, claim, outcome.error, final ? null : { status: 'queued', at: now + backoffDelay(row.backoff_ms, attempt) }, now);
    throw outcome.permanent ? new (bullmq().UnrecoverableError)(outcome.error) : new Error(outcome.error);
  }

  /** Stops taking jobs: the running ones finish within the grace, or BullMQ gives them to another process after their lock. */
  async close(graceMs: number): Promise<void> {
    const worker = this.worker;
    if (worker) {
      let timer: NodeJS.Timeout | undefined;
      const gentle = worker.close();
      const finished = await Promise.race([gentle.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
      clearTimeout(timer);
      if (!finished) await worker.close(true);
    }
    await this.queue?.close();
    for (const connection of this.connections) await connection.quit().catch(() => connection.disconnect());
  }
}
