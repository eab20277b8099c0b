/**
 * Jobs after commit (ADR 0022), embedded runner, on every engine: a job rolled back with its
 * write never runs; a failing job is retried after a doubling delay and then succeeds; one that
 * keeps failing is failed after its last attempt with its error, shown in the back office and
 * retried from it; two runners on one database never run a job twice; a claim left by a dead
 * process is taken over; a job still running at shutdown is given back; a schedule's run is
 * taken by one process only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { jobActions } from '../../../common/actions/jobs';
import type { JobsView, JobView } from '../../../common/views/jobs';
import { requireDb } from '../../context';
import { defineJob, enqueueJob, type JobInfo } from '../../kernel/jobs';
import { runWrite } from '../../kernel/write';
import { advanceSchedule, ensureSchedule } from './jobs.repository';

/** Every run of a test job: its payload's mark and the attempt. */
const runs: Array<{ mark: string; attempt: number; id: number }> = [];
/** Marks whose job fails while listed here. */
const failing = new Set<string>();
/** Marks whose job waits until released. */
const blocked = new Map<string, () => void>();

const probeJob = defineJob({
  name: 'test.probe',
  payload: z.object({ mark: z.string() }),
  attempts: 3,
  backoffMs: 1_000,
  async run({ mark }, _ctx, info: JobInfo) {
    runs.push({ mark, attempt: info.attempt, id: info.id });
    if (failing.has(mark)) throw new Error(`probe ${mark} refused (attempt ${info.attempt})`);
    // As a mail server's 5xx: trying again cannot help.
    if (mark.startsWith('permanent')) throw Object.assign(new Error(`550 ${mark} refused for good`), { permanent: true });
  },
});

const blockingJob = defineJob({
  name: 'test.blocking',
  payload: z.object({ mark: z.string() }),
  async run({ mark }) {
    await new Promise<void>((resolve) => blocked.set(mark, resolve));
  },
});

const runsOf = (mark: string) => runs.filter((run) => run.mark === mark);
let marks = 0;
const newMark = () => `m${(marks += 1)}-${Date.now().toString(36)}`;

for (const dialect of await testDatabases()) {
  describe(`jobs after commit [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let now = Date.now();

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now } });
      t.jobs.register('test', [probeJob, blockingJob]);
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(() => t.close());

    const rowOf = (id: number) => requireDb(t.ctx).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const idOf = async (mark: string) =>
      (await requireDb(t.ctx).selectFrom('jobs').select('id').where('payload', '=', JSON.stringify({ mark })).executeTakeFirstOrThrow()).id;

    it('runs a job after its write commits, and never one whose write rolled back', async () => {
      const kept = newMark();
      const dropped = newMark();
      await runWrite(t.ctx, (scope) => scope.enqueue(probeJob, { mark: kept }));
      await expect(
        runWrite(t.ctx, async (scope) => {
          await scope.enqueue(probeJob, { mark: dropped });
          throw new Error('refused after enqueueing');
        }),
      ).rejects.toThrow('refused after enqueueing');
      // Written in the transaction: the committed one is there before anything ran, the other never was.
      expect((await rowOf(await idOf(kept))).status).toBe('waiting');
      expect(await requireDb(t.ctx).selectFrom('jobs').select('id').where('payload', '=', JSON.stringify({ mark: dropped })).execute()).toEqual([]);
      await t.jobs.drain();
      expect(runsOf(kept)).toHaveLength(1);
      expect(runsOf(dropped)).toEqual([]);
      expect(await rowOf(await idOf(kept))).toMatchObject({ status: 'done', attempts: 1, last_error: null, claim: null });
    });

    it('refuses a payload its schema refuses, and a job no feature declares, at enqueue', async () => {
      await expect(runWrite(t.ctx, (scope) => scope.enqueue(probeJob, { mark: 5 } as unknown as { mark: string }))).rejects.toThrow();
      const stray = defineJob({ name: 'test.stray', payload: z.object({}), run: async () => {} });
      await expect(enqueueJob(t.ctx, stray, {})).rejects.toThrow('not declared');
    });

    it('retries a failing job after a doubling delay, then succeeds', async () => {
      const mark = newMark();
      failing.add(mark);
      await enqueueJob(t.ctx, probeJob, { mark });
      const id = await idOf(mark);
      await t.jobs.drain();
      expect(await rowOf(id)).toMatchObject({ status: 'waiting', attempts: 1, run_at: now + 1_000, last_error: `probe ${mark} refused (attempt 1)` });
      // Not before its delay.
      now += 999;
      await t.jobs.drain();
      expect(runsOf(mark)).toHaveLength(1);
      now += 1;
      await t.jobs.drain();
      expect(await rowOf(id)).toMatchObject({ status: 'waiting', attempts: 2, run_at: now + 2_000 });
      failing.delete(mark);
      now += 2_000;
      await t.jobs.drain();
      expect(runsOf(mark).map((run) => run.attempt)).toEqual([1, 2, 3]);
      expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    });

    it('fails a job after its last attempt with its error; the back office shows it and retries it', async () => {
      const mark = newMark();
      failing.add(mark);
      await enqueueJob(t.ctx, probeJob, { mark });
      const id = await idOf(mark);
      for (const wait of [0, 1_000, 2_000]) {
        now += wait;
        await t.jobs.drain();
      }
      now += 10_000;
      await t.jobs.drain();
      expect(runsOf(mark)).toHaveLength(3);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: `probe ${mark} refused (attempt 3)` });

      const page = await t.get<JobsView>('/api/admin/jobs', { token: admin.token, query: { list: 'failed' } });
      expect(page.status).toBe(200);
      expect(page.body.data!.counts.failed).toBeGreaterThanOrEqual(1);
      expect(page.body.data!.jobs.results.find((job) => job.id === id)).toMatchObject({ name: 'test.probe', status: 'failed', attempts: 3, maxAttempts: 3, error: `probe ${mark} refused (attempt 3)`, retries: 0 });
      // The page's loader reads the same action.
      const read = await t.read(jobActions.list, { list: 'failed' }, { user: admin.user });
      expect(read.ok && read.data.jobs.results.some((job) => job.id === id)).toBe(true);

      failing.delete(mark);
      const retried = await t.post<JobView>(`/api/admin/jobs/${id}/retry`, {}, { token: admin.token });
      expect(retried.status).toBe(200);
      expect(retried.body.data).toMatchObject({ id, status: 'waiting', attempts: 0, retries: 1 });
      // Twice is refused: it is no longer failed.
      expect((await t.post(`/api/admin/jobs/${id}/retry`, {}, { token: admin.token })).status).toBe(409);
      expect((await t.post('/api/admin/jobs/999999999/retry', {}, { token: admin.token })).status).toBe(404);
      await t.jobs.drain();
      expect(await rowOf(id)).toMatchObject({ status: 'done', attempts: 1, retries: 1 });
    });

    it('fails a job at once on an error that says retrying cannot help', async () => {
      const mark = `permanent-${newMark()}`;
      await enqueueJob(t.ctx, probeJob, { mark });
      await t.jobs.drain();
      expect(await rowOf(await idOf(mark))).toMatchObject({ status: 'failed', attempts: 1, last_error: `550 ${mark} refused for good` });
    });

    it('retries every failed job at once', async () => {
      const marks = [newMark(), newMark()];
      for (const mark of marks) {
        failing.add(mark);
        await enqueueJob(t.ctx, probeJob, { mark });
      }
      for (const wait of [0, 1_000, 2_000]) {
        now += wait;
        await t.jobs.drain();
      }
      for (const mark of marks) failing.delete(mark);
      const all = await t.post<{ retried: number }>('/api/admin/jobs/retry_failed', {}, { token: admin.token });
      expect(all.body.data!.retried).toBeGreaterThanOrEqual(2);
      await t.jobs.drain();
      for (const mark of marks) expect((await rowOf(await idOf(mark))).status).toBe('done');
      const failedIds = (await t.get<JobsView>('/api/admin/jobs', { token: admin.token })).body.data!.jobs.results.map((job) => job.id);
      for (const mark of marks) expect(failedIds).not.toContain(await idOf(mark));
    });

    it('two runners on one database run each job once', async () => {
      const others = await Promise.all([1, 2].map(() => createTestApp({ dialect, jobs: 'auto', reuse: { dataDir: t.dataDir, database: t.database } })));
      try {
        for (const other of others) other.jobs.register('test', [probeJob, blockingJob]);
        const batch = Array.from({ length: 40 }, () => newMark());
        // Enqueued from both, each kicking its own runner while the other polls.
        for (const [index, mark] of batch.entries()) await enqueueJob(others[index % 2]!.ctx, probeJob, { mark });
        await vi.waitFor(() => expect(batch.filter((mark) => runsOf(mark).length > 0)).toHaveLength(40), { timeout: 15_000 });
        for (const other of others) await other.jobs.drain();
        expect(batch.filter((mark) => runsOf(mark).length !== 1)).toEqual([]);
      } finally {
        for (const other of others) await other.stop();
      }
    });

    it('takes over a job whose claim expired (its process died), counting the lost attempt', async () => {
      const mark = newMark();
      await enqueueJob(t.ctx, probeJob, { mark });
      const id = await idOf(mark);
      const db = requireDb(t.ctx);
      // As a killed process leaves it: running, its claim run out.
      await db.updateTable('jobs').set({ status: 'running', claim: 'dead-process', claim_until: Date.now() - 1, attempts: 1 }).where('id', '=', id).execute();
      const other = await createTestApp({ dialect, jobs: 'auto', reuse: { dataDir: t.dataDir, database: t.database } });
      try {
        other.jobs.register('test', [probeJob, blockingJob]);
        await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('done'), { timeout: 10_000 });
        expect(runsOf(mark)).toEqual([{ mark, attempt: 2, id }]);
        expect((await rowOf(id)).attempts).toBe(2);
      } finally {
        await other.stop();
      }
    });

    it('gives a job still running at shutdown back, its attempt not counted', async () => {
      const mark = newMark();
      const other = await createTestApp({ dialect, jobs: 'auto', reuse: { dataDir: t.dataDir, database: t.database }, env: { SHUTDOWN_GRACE_MS: '400' } });
      other.jobs.register('test', [probeJob, blockingJob]);
      await enqueueJob(other.ctx, blockingJob, { mark });
      const id = await idOf(mark);
      await vi.waitFor(() => expect(blocked.has(mark)).toBe(true), { timeout: 10_000 });
      expect((await rowOf(id)).status).toBe('running');
      await other.stop();
      expect(await rowOf(id)).toMatchObject({ status: 'waiting', attempts: 0, claim: null });
      blocked.get(mark)!();
    });

    it('lets one process only take a schedule’s run', async () => {
      const db = requireDb(t.ctx);
      await ensureSchedule(db, 'test.tick', 60_000, now);
      await ensureSchedule(db, 'test.tick', 60_000, now); // a second process declaring it changes nothing
      const [row] = await db.selectFrom('job_schedules').selectAll().where('name', '=', 'test.tick').execute();
      expect(row).toMatchObject({ every_ms: 60_000, next_run_time: now + 60_000 });
      const due = row!.next_run_time;
      const taken = await Promise.all([1, 2, 3].map(() => advanceSchedule(db, 'test.tick', due, due + 60_000, due)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      // A shorter interval is taken up at once.
      await ensureSchedule(db, 'test.tick', 1_000, now);
      expect((await db.selectFrom('job_schedules').select(['every_ms', 'next_run_time']).where('name', '=', 'test.tick').executeTakeFirstOrThrow()).every_ms).toBe(1_000);
    });
  });
}
