/**
 * The job runner (ADR 0022): the outbox's other half. `enqueue` writes a job's row in the write's
 * transaction (kernel/jobs.ts); after the commit the runner takes it.
 *
 * - **Embedded** (no REDIS_URL): this process runs jobs itself. Kicked after every commit that
 *   enqueued, and polling every second for what a kick cannot see (retries coming due, rows other
 *   processes wrote, claims whose process died), it takes each due row by a conditional UPDATE
 *   (status and attempts as read), so two processes on one database never both run it. A running
 *   job's claim is renewed while it runs; one not renewed for `leaseMs` is taken over (a crash).
 *   A failed attempt waits `backoff × 2^(attempt−1)`; after the last it is failed, with its error.
 * - **BullMQ** (REDIS_URL): committed rows are relayed to a BullMQ queue with the row id as jobId
 *   (jobs.bullmq.ts); any process's Worker runs them and records the outcome on the row.
 *
 * Periodic jobs (`schedules`): embedded, a `job_schedules` row per schedule, moved on by a
 * conditional update by the process that enqueues that run; on BullMQ, job schedulers.
 *
 * Under test the runner is manual by default: nothing runs until `drain()`, so a suite sees its
 * jobs run at a point it chooses, and no job's queries land in another test's query count.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB, JobRow } from '../../db/schema';
import type { AnyJob, EnqueueOptions, JobDefinition, JobInfo, JobQueue, ScheduleDefinition } from '../../kernel/jobs';
import { enqueueJob, isPermanentError } from '../../kernel/jobs';
import { runWrite } from '../../kernel/write';
import type { BullBackend } from './jobs.bullmq';
import {
  advanceSchedule,
  claimJob,
  ensureSchedule,
  findDueJobs,
  findDueSchedules,
  findExpiredClaims,
  finishJob,
  hasPendingJobs,
  insertJob,
  recordFailure,
  releaseJob,
  renewClaim,
} from './jobs.repository';

export interface JobRunnerOptions {
  /** `auto`: runs (or relays) jobs by itself; `manual`: only `drain()` runs them (tests). */
  mode: 'auto' | 'manual';
  /** Jobs this process runs at once; 0: it runs none (it still enqueues, and relays to BullMQ). */
  workers: number;
  /** How long a claim holds unrenewed: past it another process takes a job over. */
  leaseMs: number;
  pollMs?: number;
  /** Intervals by schedule name, in place of the declared ones (tests). */
  scheduleEveryMs?: Readonly<Record<string, number>>;
}

/** What an attempt came to: done, or an error (`permanent`: retrying cannot help). */
export type Outcome = { ok: true } | { ok: false; error: string; permanent: boolean };

const DEFAULT_POLL_MS = 1_000;
/** BullMQ: queued rows Redis may have lost are looked for once a minute. */
const RECOVER_EVERY_POLLS = 60;
/** Rows looked at per poll beyond the free slots (others may take some first). */
const CLAIM_SLACK = 4;

export function backoffDelay(backoffMs: number, attempt: number): number {
  return backoffMs * 2 ** (attempt - 1);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}

interface Running {
  claim: string;
  done: Promise<void>;
}

export class JobRunner implements JobQueue {
  private readonly definitions = new Map<string, AnyJob>();
  private readonly scheduleList: ScheduleDefinition[] = [];
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private closed = false;
  private passing = false;
  private again = false;
  private kickQueued = false;
  private schedulesReady = false;
  private polls = 0;
  private bull: BullBackend | null = null;

  constructor(
    private readonly ctx: AppContext,
    readonly options: JobRunnerOptions,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Declaring and enqueueing

  /** A feature's jobs and schedules; a name declared twice stops the start. */
  register(feature: string, jobs: readonly AnyJob[] = [], schedules: readonly ScheduleDefinition[] = []): void {
    for (const job of [...jobs, ...schedules.map((schedule) => schedule.job)]) {
      const known = this.definitions.get(job.name);
      if (known && known !== job) throw new Error(`job ${job.name} is declared twice (${feature})`);
      this.definitions.set(job.name, job);
    }
    this.scheduleList.push(...schedules);
  }

  definition(name: string): AnyJob | undefined {
    return this.definitions.get(name);
  }

  schedules(): readonly ScheduleDefinition[] {
    return this.scheduleList;
  }

  /** The interval a schedule runs at here (a test may shorten it). */
  everyMs(schedule: ScheduleDefinition): number {
    return this.options.scheduleEveryMs?.[schedule.job.name] ?? schedule.everyMs;
  }

  async enqueue<P>(db: Kysely<DB>, job: JobDefinition<P>, payload: P, now: number, options: EnqueueOptions = {}): Promise<void> {
    if (this.definitions.get(job.name) !== job) throw new Error(`job ${job.name} is not declared by any feature (features.ts jobs)`);
    const value = job.payload.parse(payload);
    await insertJob(db, {
      name: job.name,
      payload: JSON.stringify(value),
      status: 'waiting',
      max_attempts: job.attempts,
      backoff_ms: job.backoffMs,
      run_at: now + (options.delayMs ?? 0),
      dedupe_key: options.dedupeKey ?? null,
      claim: null,
      last_error: null,
      create_time: now,
      update_time: now,
    });
  }

  kick(): void {
    if (!this.started || this.closed || this.kickQueued) return;
    this.kickQueued = true;
    setImmediate(() => {
      this.kickQueued = false;
      void this.pass();
    });
  }

  // -------------------------------------------------------------------------------------------
  // Running one job (both backends)

  /** Runs one attempt of a job's row: its payload checked, then its `run`. */
  async execute(row: JobRow, attempt: number): Promise<Outcome> {
    const job = this.definitions.get(row.name);
    if (!job) return { ok: false, error: `no feature declares a job named ${row.name}`, permanent: true };
    let payload: unknown;
    try {
      payload = job.payload.parse(JSON.parse(row.payload));
    } catch (error) {
      return { ok: false, error: `payload refused: ${errorMessage(error)}`, permanent: true };
    }
    const info: JobInfo = { id: row.id, attempt, attempts: row.max_attempts };
    try {
      await job.run(payload, this.ctx, info);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: errorMessage(error), permanent: isPermanentError(error) };
    }
  }

  /** Logs an attempt that failed: a warning while attempts remain, an error at the last. */
  logFailure(row: JobRow, attempt: number, outcome: Extract<Outcome, { ok: false }>, final: boolean): void {
    const details = { job: row.name, jobId: row.id, attempt, attempts: row.max_attempts, error: outcome.error };
    if (final) this.ctx.log.error(details, 'job failed: no attempt left');
    else this.ctx.log.warn(details, 'job attempt failed: it will be retried');
  }

  /** A claimed row (embedded): run it while renewing the claim, then record the outcome. */
  private async runClaimed(db: Kysely<DB>, row: JobRow, claim: string): Promise<void> {
    const attempt = row.attempts + 1;
    if (attempt > row.max_attempts) {
      // Taken over from a process that stopped during its last attempt: none is left.
      const error = 'the process running its last attempt stopped before it finished';
      this.logFailure(row, attempt - 1, { ok: false, error, permanent: true }, true);
      await recordFailure(db, row.id, claim, error, null, this.ctx.clock.now());
      return;
    }
    const renewal = setInterval(() => void this.renew(db, row, claim), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    let outcome: Outcome;
    try {
      outcome = await this.execute(row, attempt);
    } finally {
      clearInterval(renewal);
    }
    const now = this.ctx.clock.now();
    if (outcome.ok) return finishJob(db, row.id, claim, now);
    const final = outcome.permanent || attempt >= row.max_attempts;
    this.logFailure(row, attempt, outcome, final);
    await recordFailure(db, row.id, claim, outcome.error, final ? null : { status: 'waiting', at: now + backoffDelay(row.backoff_ms, attempt) }, now);
  }

  private async renew(db: Kysely<DB>, row: JobRow, claim: string): Promise<void> {
    try {
      if (!(await renewClaim(db, row.id, claim, this.ctx.clock.now() + this.options.leaseMs))) {
        this.ctx.log.warn({ job: row.name, jobId: row.id }, 'job claim lost while running (another process took it over)');
      }
    } catch (error) {
      this.noteError(error, 'could not renew a job claim');
    }
  }

  /** Claims a row for this process (embedded); false when another took it first. */
  private async claim(db: Kysely<DB>, row: JobRow): Promise<string | null> {
    const claim = randomUUID();
    const now = this.ctx.clock.now();
    return (await claimJob(db, row, claim, now, now + this.options.leaseMs)) ? claim : null;
  }

  private launch(db: Kysely<DB>, row: JobRow, claim: string): void {
    const done = this.runClaimed(db, row, claim)
      .catch((error: unknown) => this.noteError(error, 'recording a job outcome failed'))
      .finally(() => {
        this.running.delete(row.id);
        this.kick();
      });
    this.running.set(row.id, { claim, done });
  }

  // -------------------------------------------------------------------------------------------
  // The embedded loop

  /** The database to run on: none before install. */
  private db(): Kysely<DB> | null {
    return this.ctx.state.installed ? this.ctx.state.db : null;
  }

  /** Starts the runner (auto mode): the poll, the schedules, BullMQ when configured. */
  start(bull: BullBackend | null): void {
    if (this.options.mode !== 'auto' || this.started) return;
    this.started = true;
    this.bull = bull;
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? DEFAULT_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** One pass at a time; a kick during a pass runs one more after it. */
  private async pass(): Promise<void> {
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = true;
    try {
      do {
        this.again = false;
        await this.fill();
      } while (this.again && !this.closed);
    } catch (error) {
      this.noteError(error, 'the job runner could not read its jobs');
    } finally {
      this.passing = false;
    }
  }

  /** Embedded: due jobs into free slots. BullMQ: committed rows relayed. */
  private async fill(): Promise<void> {
    const db = this.db();
    if (!db || this.closed) return;
    if (this.bull) return this.bull.relay(db);
    const free = this.options.workers - this.running.size;
    if (free <= 0) return;
    const rows = await findDueJobs(db, this.ctx.clock.now(), free + CLAIM_SLACK);
    await this.takeRows(db, rows);
  }

  private async takeRows(db: Kysely<DB>, rows: readonly JobRow[]): Promise<void> {
    for (const row of rows) {
      if (this.closed || this.running.size >= this.options.workers) return;
      if (this.running.has(row.id)) continue;
      const claim = await this.claim(db, row);
      if (claim) this.launch(db, row, claim);
    }
  }

  /** Every poll: schedules, claims that expired, and whatever is due. */
  private async poll(): Promise<void> {
    const db = this.db();
    if (!db || this.closed) return;
    try {
      await this.ensureSchedules(db);
      if (this.bull && (this.polls += 1) % RECOVER_EVERY_POLLS === 0) await this.bull.recoverLost(db);
      if (!this.bull) {
        await this.tickSchedules(db);
        if (this.options.workers > this.running.size) await this.takeRows(db, await findExpiredClaims(db, this.ctx.clock.now(), this.options.workers));
      }
    } catch (error) {
      this.noteError(error, 'the job runner could not read its schedules');
    }
    await this.pass();
  }

  /** The schedules' rows (embedded) or job schedulers (BullMQ), once per process after install. */
  private async ensureSchedules(db: Kysely<DB>): Promise<void> {
    if (this.schedulesReady) return;
    if (this.bull) await this.bull.ensureSchedulers(this.scheduleList.map((schedule) => ({ name: schedule.job.name, everyMs: this.everyMs(schedule) })));
    else for (const schedule of this.scheduleList) await ensureSchedule(db, schedule.job.name, this.everyMs(schedule), this.ctx.clock.now());
    this.schedulesReady = true;
  }

  /** Embedded: each due schedule moved on by one process, which enqueues that run in the same transaction. */
  private async tickSchedules(db: Kysely<DB>): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await findDueSchedules(
      db,
      this.scheduleList.map((schedule) => schedule.job.name),
      now,
    );
    for (const row of due) {
      const job = this.definitions.get(row.name);
      if (!job) continue;
      // The next run counts from now: a process down for a day runs a missed hourly job once, not 24 times.
      await runWrite(this.ctx, async (scope) => {
        if (await advanceSchedule(scope.db, row.name, row.next_run_time, now + row.every_ms, now)) await scope.enqueue(job, {});
      });
    }
  }

  /** A schedule's run enqueued now (BullMQ's job scheduler fired). */
  async enqueueScheduled(name: string): Promise<void> {
    const job = this.definitions.get(name);
    if (!job) throw new Error(`no feature declares a schedule named ${name}`);
    await enqueueJob(this.ctx, job, {});
  }

  // -------------------------------------------------------------------------------------------
  // Tests and shutdown

  /**
   * Runs every due job now and answers once none is due (manual mode, tests): each job runs to
   * its outcome in turn. In auto mode, waits until nothing is due, queued or running.
   */
  async drain(options: { timeoutMs?: number } = {}): Promise<void> {
    const db = this.db();
    if (!db) return;
    if (this.options.mode === 'auto') return this.settle(db, options.timeoutMs ?? 10_000);
    for (let round = 0; round < 1_000; round++) {
      const rows = await findDueJobs(db, this.ctx.clock.now(), 20);
      if (rows.length === 0) return;
      for (const row of rows) {
        const claim = await this.claim(db, row);
        if (claim) await this.runClaimed(db, row, claim);
      }
    }
    throw new Error('jobs keep coming due: a job enqueues itself?');
  }

  private async settle(db: Kysely<DB>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    this.kick();
    for (;;) {
      if (!(await hasPendingJobs(db, this.ctx.clock.now())) && this.running.size === 0) return;
      if (Date.now() > deadline) throw new Error('jobs still waiting or running after the drain timeout');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Stops taking jobs; waits up to `graceMs` for the ones running here, then gives the others back
   * (they wait again, for this or another process; one whose work was already done is done again).
   */
  async close(graceMs: number): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.bull) await this.bull.close(graceMs);
    const running = [...this.running.values()];
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(running.map((job) => job.done)), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    const db = this.db();
    if (!db) return;
    for (const [id, job] of this.running) {
      await releaseJob(db, id, job.claim, this.ctx.clock.now()).catch((error: unknown) => this.noteError(error, 'could not give back a running job'));
    }
  }

  /** An error the runner meets: one line per database outage, else logged. */
  noteError(error: unknown, message: string): void {
    if (!this.ctx.dbOutage.noteFailure(error)) this.ctx.log.error({ err: error }, message);
  }
}
