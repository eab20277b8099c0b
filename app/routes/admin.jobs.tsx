/**
 * `/admin/jobs` (issue 26, admins only: moderators get the 403 page): jobs after commit — how
 * many are in each state, and one list at a time (`?list=failed|waiting|running|done`, failed
 * by default) with each job's attempts, times and last error. A failed job is retried by its
 * button, or every failed one at once; both go through the declared actions (`jobActions`).
 */
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { jobActions } from '../../common/actions/jobs';
import { jobsQuery } from '../../common/validation/jobs';
import { JOB_LISTS, type JobCounts, type JobList, type JobView } from '../../common/views/jobs';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTable, AdminTitle } from '~/components/admin/admin-table';
import { badQuery, queryOf, staffViewer, unwrapAdmin } from '~/components/admin/admin-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const query = jobsQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  return { view: unwrapAdmin(await context.read(jobActions.list, query.data)) };
}

/** The lists, each with how many jobs it holds. */
function ListTabs({ current, counts }: { current: JobList; counts: JobCounts }) {
  const t = useT();
  const sizes: Record<JobList, number> = { failed: counts.failed, waiting: counts.waiting + counts.queued, running: counts.running, done: counts.done };
  return (
    <nav aria-label={t('adminJobs.lists.label')}>
      <ul className="flex flex-wrap gap-1">
        {JOB_LISTS.map((list) => (
          <li key={list}>
            <Link
              to={list === 'failed' ? paths.adminJobs : `${paths.adminJobs}?list=${list}`}
              aria-current={list === current ? 'page' : undefined}
              data-testid={`jobs-list-${list}`}
              className={`inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm ${list === current ? 'bg-brand-700 font-medium text-white' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
            >
              {t(`adminJobs.lists.${list}`)}
              <span className="tabular-nums opacity-80">{sizes[list]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Times({ job }: { job: JobView }) {
  const t = useT();
  const pending = job.status === 'waiting' || job.status === 'queued';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-zinc-700 dark:text-zinc-300">
      <dt className="text-zinc-500">{t('adminJobs.created')}</dt>
      <dd className="whitespace-nowrap">
        <LocalDateTime time={job.createTime} />
      </dd>
      <dt className="text-zinc-500">{pending ? t('adminJobs.next') : t('adminJobs.last')}</dt>
      <dd className="whitespace-nowrap">
        <LocalDateTime time={pending ? job.runAt : job.updateTime} />
      </dd>
    </dl>
  );
}

export default function AdminJobsPage() {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const { view } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const failedList = view.list === 'failed';

  async function retry(job: JobView) {
    setBusy(job.id);
    try {
      await send(jobActions.retry, { id: job.id });
      toast.success(t('adminJobs.retried', { id: job.id }));
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(null);
      void revalidator.revalidate();
    }
  }

  async function retryAll() {
    setBusy('all');
    try {
      const { retried } = await send(jobActions.retryFailed, {});
      toast.success(t('adminJobs.retriedAll', { count: retried }));
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(null);
      void revalidator.revalidate();
    }
  }

  const head = [t('adminJobs.job'), t('adminJobs.state'), t('adminJobs.attempts'), t('adminJobs.times'), t('adminJobs.error'), ...(failedList ? [t('adminJobs.actions')] : [])];
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminJobs.title')} description={t('adminJobs.description')} />
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" data-testid="jobs-counts">
        {t('adminJobs.counts', view.counts)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListTabs current={view.list} counts={view.counts} />
        {failedList && view.counts.failed > 0 && (
          <Button size="sm" variant="secondary" loading={busy === 'all'} disabled={busy !== null} onClick={() => void retryAll()} data-testid="jobs-retry-all">
            {t('adminJobs.retryAll')}
          </Button>
        )}
      </div>
      <AdminTable
        testId="jobs-table"
        empty={t('adminJobs.empty')}
        head={head}
        rows={view.jobs.results.map((job) => ({
          key: job.id,
          cells: [
            <span key="job" className="font-mono text-xs" data-testid="job-name">
              #{job.id} {job.name}
            </span>,
            <span key="state" data-testid="job-state">
              {t(`adminJobs.status.${job.status}`)}
            </span>,
            <span key="attempts" className="whitespace-nowrap tabular-nums">
              {t('adminJobs.attemptsOf', { attempts: job.attempts, maxAttempts: job.maxAttempts })}
              {job.retries > 0 && <span className="block text-xs text-zinc-500">{t('adminJobs.retries', { count: job.retries })}</span>}
            </span>,
            <Times key="times" job={job} />,
            <span key="error" className="block max-w-md text-xs break-words text-red-700 dark:text-red-400" data-testid="job-error">
              {job.error ?? t('adminJobs.noError')}
            </span>,
            ...(failedList
              ? [
                  <Button key="retry" size="sm" loading={busy === job.id} disabled={busy !== null} onClick={() => void retry(job)} data-testid="job-retry">
                    {t('adminJobs.retry')}
                  </Button>,
                ]
              : []),
          ],
        }))}
      />
      <AdminPager page={view.jobs.page} pageSize={view.jobs.pageSize} total={view.jobs.total} />
    </div>
  );
}
