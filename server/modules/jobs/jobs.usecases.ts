/**
 * The back office's jobs (`/admin/jobs`, admins): how many are in each state, a page of one list,
 * and the retry of failed jobs — one, or all of them — which sends them back to wait with all
 * their attempts (`jobs.retried`, whose commit handler kicks the runner).
 */
import type { JobList, JobStatus, JobsRetried, JobsView, JobView } from '../../../common/views/jobs';
import type { JobsQuery } from '../../../common/validation/jobs';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { countJobsByStatus, findJob, listJobs, retryFailedJobs } from './jobs.repository';
import { presentJob } from './jobs.presenter';

export const JOBS_PAGE_SIZE = 50;

/** Which states each list holds, and whether it reads newest first (what went wrong lately) or in running order. */
const LISTS: Record<JobList, { statuses: readonly JobStatus[]; newestFirst: boolean }> = {
  failed: { statuses: ['failed'], newestFirst: true },
  waiting: { statuses: ['waiting', 'queued'], newestFirst: false },
  running: { statuses: ['running'], newestFirst: false },
  done: { statuses: ['done'], newestFirst: true },
};

export async function jobsOverview({ db, input }: ReadCall<JobsQuery, undefined>): Promise<JobsView> {
  const counts = await countJobsByStatus(db);
  const { statuses, newestFirst } = LISTS[input.list];
  const rows = await listJobs(db, statuses, newestFirst, (input.page - 1) * JOBS_PAGE_SIZE, JOBS_PAGE_SIZE);
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  return { counts, list: input.list, jobs: { results: rows.map(presentJob), total, page: input.page, pageSize: JOBS_PAGE_SIZE } };
}

export async function retryJob({ input, scope, caller }: WriteCall<{ id: number }, undefined>): Promise<JobView> {
  if ((await retryFailedJobs(scope.db, input.id, scope.now)) === 0) {
    // Gone (purged), or not failed: running again, or retried by another admin a moment ago.
    if (!(await findJob(scope.db, input.id))) throw errors.notFound('adminJobs.errors.notFound');
    throw errors.conflict('adminJobs.errors.notFailed');
  }
  await scope.emit('jobs.retried', { count: 1, actorId: caller.viewer?.id ?? 0 });
  const row = await findJob(scope.db, input.id);
  if (!row) throw errors.notFound('adminJobs.errors.notFound');
  return presentJob(row);
}

export async function retryAllFailed({ scope, caller }: WriteCall<Record<string, never>, undefined>): Promise<JobsRetried> {
  const retried = await retryFailedJobs(scope.db, null, scope.now);
  if (retried > 0) await scope.emit('jobs.retried', { count: retried, actorId: caller.viewer?.id ?? 0 });
  return { retried };
}
