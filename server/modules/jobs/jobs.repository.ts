/**
 * The SQL of jobs after commit (ADR 0022): the outbox rows (`jobs`) and the periodic schedules
 * (`job_schedules`). Every state change is a conditional UPDATE naming the state (and, for a
 * running job, the claim) it starts from, so two processes on one database never both take a job
 * or a schedule's run: the second update matches no row.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB, JobRow, NewJob } from '../../db/schema';
import { JOB_STATUSES, type JobStatus } from '../../../common/views/jobs';

/** The longest error text kept (the first lines of a stack say what went wrong). */
const ERROR_MAX = 2000;

function errorText(error: string): string {
  return error.length > ERROR_MAX ? `${error.slice(0, ERROR_MAX - 1)}…` : error;
}

/** Inserts a job; with a dedupe key already held by an unfinished job, inserts nothing. */
export async function insertJob(db: Kysely<DB>, values: NewJob): Promise<void> {
  const query = db.insertInto('jobs').values(values);
  if (!values.dedupe_key) {
    await query.execute();
    return;
  }
  await (dialectOf(db) === 'postgres' ? query.onConflict((oc) => oc.column('dedupe_key').doNothing()) : query.ignore()).execute();
}

export async function findJob(db: Kysely<DB>, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Waiting jobs due by `now`, the longest due first. */
export async function findDueJobs(db: Kysely<DB>, now: number, limit: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'waiting').where('run_at', '<=', now).orderBy('run_at').orderBy('id').limit(limit).execute();
}

/** Running jobs whose claim ran out: their process stopped (a crash, a kill) or lost the database. */
export async function findExpiredClaims(db: Kysely<DB>, now: number, limit: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'running').where('claim_until', '<', now).orderBy('id').limit(limit).execute();
}

/**
 * Takes a due job (or one whose claim expired) for `claim` until `until`, counting the attempt.
 * Answers false when another process took it first.
 */
export async function claimJob(db: Kysely<DB>, row: Pick<JobRow, 'id' | 'status' | 'attempts'>, claim: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'running', claim, claim_until: until, attempts: row.attempts + 1, update_time: now })
    .where('id', '=', row.id)
    // As read: a row another process took (and perhaps gave back) since is not taken on stale figures.
    .where('attempts', '=', row.attempts)
    .where((eb) =>
      row.status === 'waiting'
        ? eb.and([eb('status', '=', 'waiting'), eb('run_at', '<=', now)])
        : eb.and([eb('status', '=', 'running'), eb('claim_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * BullMQ delivered the job (it holds the lock across processes): the row is marked running with
 * the attempt BullMQ counts. Answers false when the row is gone or already finished (a delivery
 * repeated after the job was recorded).
 */
export async function startQueuedJob(db: Kysely<DB>, id: number, claim: string, attempt: number, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'running', claim, claim_until: until, attempts: attempt, update_time: now })
    .where('id', '=', id)
    .where('status', 'in', ['waiting', 'queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a running job's claim alive; false when it is no longer ours. */
export async function renewClaim(db: Kysely<DB>, id: number, claim: string, until: number): Promise<boolean> {
  const result = await db.updateTable('jobs').set({ claim_until: until }).where('id', '=', id).where('status', '=', 'running').where('claim', '=', claim).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The job succeeded. */
export async function finishJob(db: Kysely<DB>, id: number, claim: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', claim: null, claim_until: 0, last_error: null, dedupe_key: null, update_time: now })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .execute();
}

/**
 * The attempt failed: the job waits for `retry` (its next status and time: `waiting` for this
 * process's runner, `queued` when BullMQ holds the retry), or is failed for good when `retry` is null.
 */
export async function recordFailure(db: Kysely<DB>, id: number, claim: string, error: string, retry: { status: 'waiting' | 'queued'; at: number } | null, now: number): Promise<void> {
  const next = retry ? { status: retry.status, run_at: retry.at } : { status: 'failed', dedupe_key: null };
  await db
    .updateTable('jobs')
    .set({ ...next, claim: null, claim_until: 0, last_error: errorText(error), update_time: now })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .execute();
}

/** A job this process stopped running (shutdown): it waits again, its interrupted attempt not counted. */
export async function releaseJob(db: Kysely<DB>, id: number, claim: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'waiting', claim: null, claim_until: 0, run_at: now, attempts: eb('attempts', '-', 1), update_time: now }))
    .where('id', '=', id)
    .where('claim', '=', claim)
    .execute();
}

/** Waiting jobs not yet handed to BullMQ, oldest first (due or not: BullMQ holds the delay). */
export async function findUnrelayed(db: Kysely<DB>, limit: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'waiting').orderBy('id').limit(limit).execute();
}

/** Handed to BullMQ; a row a worker already took (running, done) stays as it is. */
export async function markQueued(db: Kysely<DB>, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('jobs').set({ status: 'queued', update_time: now }).where('id', 'in', [...ids]).where('status', '=', 'waiting').execute();
}

/** Whether any job is due, handed to BullMQ or running (a test waiting for the runner to settle). */
export async function hasPendingJobs(db: Kysely<DB>, now: number): Promise<boolean> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'waiting'), eb('run_at', '<=', now)]), eb('status', 'in', ['queued', 'running'])]))
    .limit(1)
    .execute();
  return rows.length > 0;
}

/** Rows handed to BullMQ and overdue by then (due before `before`): perhaps lost with Redis's data. */
export async function findOverdueQueued(db: Kysely<DB>, before: number, limit: number): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().where('status', '=', 'queued').where('run_at', '<', before).orderBy('id').limit(limit).execute();
}

/** Queued rows BullMQ no longer holds wait to be relayed again. */
export async function unqueue(db: Kysely<DB>, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('jobs').set({ status: 'waiting', update_time: now }).where('id', 'in', [...ids]).where('status', '=', 'queued').execute();
}

export async function countJobsByStatus(db: Kysely<DB>): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of rows) if ((JOB_STATUSES as readonly string[]).includes(row.status)) counts[row.status as JobStatus] = Number(row.n);
  return counts;
}

/** One page of the jobs in `statuses`: failed and finished ones newest first, the others in the order they run. */
export async function listJobs(db: Kysely<DB>, statuses: readonly JobStatus[], newestFirst: boolean, offset: number, limit: number): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll().where('status', 'in', [...statuses]);
  query = newestFirst ? query.orderBy('id', 'desc') : query.orderBy('run_at').orderBy('id');
  return query.offset(offset).limit(limit).execute();
}

/**
 * Failed jobs (one, or every one) wait again from `now` with all their attempts; each retry is
 * counted. Answers how many moved.
 */
export async function retryFailedJobs(db: Kysely<DB>, id: number | null, now: number): Promise<number> {
  let query = db
    .updateTable('jobs')
    .set((eb) => ({ status: 'waiting', attempts: 0, run_at: now, retries: eb('retries', '+', 1), claim: null, claim_until: 0, update_time: now }))
    .where('status', '=', 'failed');
  if (id !== null) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes up to `limit` jobs done before `before`; answers how many. */
export async function deleteDoneJobs(db: Kysely<DB>, before: number, limit: number): Promise<number> {
  // A subquery on the same table is refused by MySQL in a DELETE: the ids come first.
  const ids = (await db.selectFrom('jobs').select('id').where('status', '=', 'done').where('update_time', '<', before).orderBy('id').limit(limit).execute()).map((row) => row.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('jobs').where('id', 'in', ids).where('status', '=', 'done').executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------------------------------------
// Schedules

/**
 * The schedule's row, made when absent (first run one interval from now); a changed interval is
 * taken up, the next run brought forward when the new interval ends sooner.
 */
export async function ensureSchedule(db: Kysely<DB>, name: string, everyMs: number, now: number): Promise<void> {
  const values = { name, every_ms: everyMs, next_run_time: now + everyMs, create_time: now, update_time: now };
  const insert = db.insertInto('job_schedules').values(values);
  await (dialectOf(db) === 'postgres' ? insert.onConflict((oc) => oc.column('name').doNothing()) : insert.ignore()).execute();
  await db
    .updateTable('job_schedules')
    .set({ every_ms: everyMs, next_run_time: sql<number>`case when next_run_time > ${now + everyMs} then ${now + everyMs} else next_run_time end`, update_time: now })
    .where('name', '=', name)
    .where('every_ms', '<>', everyMs)
    .execute();
}

export async function findDueSchedules(db: Kysely<DB>, names: readonly string[], now: number): Promise<Array<{ name: string; every_ms: number; next_run_time: number }>> {
  if (names.length === 0) return [];
  return db.selectFrom('job_schedules').select(['name', 'every_ms', 'next_run_time']).where('name', 'in', [...names]).where('next_run_time', '<=', now).execute();
}

/** Moves a due schedule on from the next run it was read with; false when another process did first. */
export async function advanceSchedule(db: Kysely<DB>, name: string, from: number, to: number, now: number): Promise<boolean> {
  const result = await db.updateTable('job_schedules').set({ next_run_time: to, update_time: now }).where('name', '=', name).where('next_run_time', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
