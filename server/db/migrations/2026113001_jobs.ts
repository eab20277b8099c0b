/**
 * Jobs after commit (issue 26, ADR 0022): the outbox a write fills in its own transaction, and the
 * schedules of periodic jobs.
 *   jobs                    one job: its name and JSON payload, status (waiting | queued (handed
 *                           to BullMQ) | running | done | failed), attempts made and allowed,
 *                           when it is due, the claim of the process running it (a random token)
 *                           and until when that claim holds, the last error, how often the back
 *                           office retried it, and an optional key unique among unfinished jobs
 *   jobs_due_idx            (status, run_at, id)  the runner's next due jobs, and expired claims
 *   jobs_status_idx         (status, id)  the back office's lists and counts, the purge of old ones
 *   jobs_dedupe_uq          (dedupe_key) unique: NULL once the job finished (NULLs never clash)
 *   job_schedules           one periodic job: its name, interval and next run; a process that
 *                           moves `next_run_time` by a conditional update enqueues that run
 *   job_schedules_name_uq   (name) unique
 * Frozen: never edit.
 */
import { tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('jobs'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('backoff_ms', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('claim', 'varchar(40)')
        .addColumn('claim_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dedupe_key', 'varchar(128)'),
    ),
  ).execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at', 'id']).execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('jobs_dedupe_uq').on('jobs').unique().column('dedupe_key').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('job_schedules'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('every_ms', 'bigint', (c) => c.notNull())
        .addColumn('next_run_time', 'bigint', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('job_schedules_name_uq').on('job_schedules').unique().column('name').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
