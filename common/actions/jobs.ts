/** Jobs after commit in the back office (ADR 0022): the contracts of the jobs feature's actions. */
import { z } from '../zod';
import { idField } from '../validation/fields';
import { jobsQuery } from '../validation/jobs';
import type { JobsRetried, JobsView, JobView } from '../views/jobs';
import { contract, returns } from './contract';

export const jobActions = {
  list: contract({
    name: 'jobs.list',
    method: 'GET',
    path: '/api/admin/jobs',
    input: jobsQuery,
    output: returns<JobsView>(),
    summary: 'How many jobs are in each state, and one page of a list (failed, waiting, running or done) with errors, attempts and times. Admins.',
  }),
  retry: contract({
    name: 'jobs.retry',
    method: 'POST',
    path: '/api/admin/jobs/:id/retry',
    input: z.object({ id: idField }),
    output: returns<JobView>(),
    summary: 'Runs a failed job again, with all its attempts. Admins.',
    notFound: 'adminJobs.errors.notFound',
  }),
  retryFailed: contract({
    name: 'jobs.retryFailed',
    method: 'POST',
    path: '/api/admin/jobs/retry_failed',
    input: z.object({}),
    output: returns<JobsRetried>(),
    summary: 'Runs every failed job again. Admins.',
  }),
};
