/**
 * Jobs after commit (ADR 0022, DESIGN convention 12): work a write owes that must not be lost —
 * a mail above all — is written as an outbox row in the write's own transaction
 * (`scope.enqueue`), so it exists exactly when the write committed, and is run afterwards by the
 * job runner (modules/jobs: in the process by default, on BullMQ when REDIS_URL is set), retried
 * with a growing delay, and kept as failed, with its error, after its last attempt.
 *
 * A feature declares its jobs (`jobs` in features.ts) with `defineJob`: a name, the zod schema of
 * its JSON payload, its attempts and first retry delay, and `run`. Periodic work is a `schedule`
 * of a job (`schedules` in features.ts): one run per interval across every process.
 *
 * A job may run more than once: a process that dies after the work and before its record is
 * retried elsewhere. `run` is written to be repeated (a mail carries the job's Message-ID, so a
 * resend is recognisably the same message; deletes and reminders are idempotent).
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { forumNamespace } from '../infra/namespace';
import type { WriteScope } from './events';
import { runWrite } from './write';

/** What a running job knows of itself. */
export interface JobInfo {
  /** The outbox row's id: stable across attempts, processes and a back-office retry. */
  readonly id: number;
  /** 1 for the first attempt. A crash's re-run counts as an attempt too. */
  readonly attempt: number;
  /** How many attempts the job has in all. */
  readonly attempts: number;
}

/**
 * Whether an error says that trying again cannot help (`permanent: true`, as a mail server's 5xx
 * refusal, infra/mail.ts `MailRefused`): such a job is failed at once, with the error, rather
 * than retried.
 */
export function isPermanentError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}

export interface JobDefinition<P> {
  /** `feature.what`, unique in the app; stored with every row, so never renamed once released. */
  readonly name: string;
  /** The payload's schema: checked when enqueued and again when run (a row may outlive a release). */
  readonly payload: z.ZodType<P>;
  /** Attempts in all (the first one included). */
  readonly attempts: number;
  /** The delay before the first retry; each retry waits twice the one before. */
  readonly backoffMs: number;
  run(payload: P, ctx: AppContext, info: JobInfo): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds jobs of every payload type; each is checked where it is declared and enqueued
export type AnyJob = JobDefinition<any>;

/** Declares a job; `attempts` 5 and a 30 s first retry unless told (30 s, 1, 2, 4 min: about 8 min in all). */
export function defineJob<P>(spec: { name: string; payload: z.ZodType<P>; attempts?: number; backoffMs?: number; run: JobDefinition<P>['run'] }): JobDefinition<P> {
  return { attempts: 5, backoffMs: 30_000, ...spec };
}

/** A periodic job's payload: nothing (what it works on, it finds when it runs). */
export type NoPayload = Record<string, never>;

/** Periodic work: `job` enqueued once per `everyMs` across all processes. */
export interface ScheduleDefinition {
  readonly job: JobDefinition<NoPayload>;
  readonly everyMs: number;
}

/** Declares a periodic job: one attempt unless told (the next interval is the retry). */
export function defineSchedule(spec: { name: string; everyMs: number; attempts?: number; backoffMs?: number; run(ctx: AppContext, info: JobInfo): Promise<void> }): ScheduleDefinition {
  const { everyMs, run, ...job } = spec;
  return { everyMs, job: defineJob<NoPayload>({ attempts: 1, ...job, payload: z.strictObject({}), run: (_payload, ctx, info) => run(ctx, info) }) };
}

export interface EnqueueOptions {
  /** Not before this many ms after the write. */
  delayMs?: number;
  /**
   * At most one unfinished job with this key: enqueueing it again while one waits or runs adds
   * nothing (a rebuild several processes ask for at start).
   */
  dedupeKey?: string;
}

/** The outbox as the write path sees it (modules/jobs implements it; the kernel imports no feature). */
export interface JobQueue {
  /** Inserts the job's row with the write's transaction `db`, due at `now` (+ delay). */
  enqueue<P>(db: Kysely<DB>, job: JobDefinition<P>, payload: P, now: number, options?: EnqueueOptions): Promise<void>;
  /** After a commit that enqueued: run (or relay) soon, rather than at the next poll. */
  kick(): void;
}

/**
 * Enqueues a job where no write is under way (a refused sign-in's alert, a reset request that
 * writes nothing): its own short transaction, committed before this resolves.
 */
export async function enqueueJob<P>(ctx: AppContext, job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void> {
  await runWrite(ctx, (scope: WriteScope) => scope.enqueue(job, payload, options));
}

/**
 * The Message-ID of the mail a job sends: the same for every attempt of the job, on any process,
 * so a mail sent again after a crash between the SMTP server's acceptance and our record of it is
 * recognisably the same message (mail clients and servers drop the second copy). Named after the
 * forum's identity and its site's host, so no other forum's job shares it.
 */
export function jobMessageId(ctx: Pick<AppContext, 'config'>, info: Pick<JobInfo, 'id'>): string {
  let host = 'localhost';
  try {
    if (ctx.config.publicUrl) host = new URL(ctx.config.publicUrl).hostname || host;
  } catch {
    // An unparsable address names no host: the local one stands in.
  }
  return `<job-${info.id}.${forumNamespace(ctx.config)}@${host}>`;
}
