/**
 * Jobs after commit (issue 26, ADR 0022): the back office's page and actions, the kick after an
 * admin's retry, and the purge of finished jobs. The runner itself (jobs.runner.ts) is built by
 * the composition root (app.ts) as `ctx.jobs`, since every feature's writes enqueue into it.
 */
import type { Feature } from '../../kernel/feature';
import { defineSchedule } from '../../kernel/jobs';
import { requireDb } from '../../context';
import { jobsActionList } from './jobs.actions';
import { deleteDoneJobs } from './jobs.repository';
import './jobs.events';

/** Done jobs are kept a week (what went out lately), then deleted; failed ones stay until retried. */
export const DONE_KEPT_MS = 7 * 24 * 3_600_000;
const PURGE_BATCH = 5_000;

export const purgeSchedule = defineSchedule({
  name: 'jobs.purge',
  everyMs: 24 * 3_600_000,
  async run(ctx) {
    const db = requireDb(ctx);
    const before = ctx.clock.now() - DONE_KEPT_MS;
    let deleted = 0;
    let batch: number;
    do {
      batch = await deleteDoneJobs(db, before, PURGE_BATCH);
      deleted += batch;
    } while (batch === PURGE_BATCH);
    if (deleted > 0) ctx.log.info({ deleted }, 'deleted finished jobs older than a week');
  },
});

export const jobsFeature: Feature = {
  name: 'jobs',
  actions: jobsActionList,
  schedules: [purgeSchedule],
  setup(ctx) {
    ctx.events.onCommit('jobs.retried', 'jobs', (_fact, app) => app.jobs.kick());
  },
};
