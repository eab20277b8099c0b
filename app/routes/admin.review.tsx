/**
 * `/admin/review`: the review queue (issue 16). Held topics, articles and comments, a tab per
 * kind with its count; each with why it was held and its content (a comment: the post it is on);
 * approve or reject (with a reason the author reads) one by one or the selected ones. Numbered
 * pages with the total. The Reports tab (members' reports, issue 28) is its own page beside it.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { reviewActions } from '../../common/actions/review';
import { reviewQuery } from '../../common/validation/review';
import { reportActions } from '../../common/actions/reports';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { AdminPager } from '~/components/admin/admin-pager';
import { AdminTitle } from '~/components/admin/admin-table';
import { RejectDialog } from '~/components/admin/reject-dialog';
import { ReviewTabs } from '~/components/admin/review-tabs';
import { ReviewItem } from '~/components/admin/review-item';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = reviewQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  const reports = unwrapAdmin(await context.read(reportActions.queue, {}));
  return { queue: unwrapAdmin(await context.read(reviewActions.queue, query.data)), reports: reports.open };
}

export default function AdminReviewPage() {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [confirm, confirmDialog] = useConfirm();
  const { queue, reports } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const onPage = queue.results.map((item) => item.id);
  const chosen = onPage.filter((id) => selected.has(id));

  function done(ids: readonly number[]) {
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
    void revalidator.revalidate();
  }

  async function approve(ids: number[]) {
    if (ids.length === 0) return;
    if (!(await confirm({ title: t('adminReview.confirmApprove.title', { count: ids.length }), description: t('adminReview.confirmApprove.description'), confirmLabel: t('adminReview.confirmApprove.confirm') }))) return;
    try {
      const result = await send(reviewActions.approve, { kind: queue.kind, ids });
      toast.success(t('adminReview.approved', { count: result.ids.length }));
      done(result.ids);
    } catch (error) {
      handleApiError(error);
      void revalidator.revalidate();
    }
  }

  async function reject(reason: string) {
    const ids = rejecting ?? [];
    const result = await send(reviewActions.reject, { kind: queue.kind, ids, reason });
    toast.success(t('adminReview.rejected', { count: result.ids.length }));
    done(result.ids);
  }

  const allOnPage = onPage.length > 0 && chosen.length === onPage.length;
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminReview.title')} description={t('adminReview.description')} />
      <ReviewTabs current={queue.kind} counts={queue.counts} reports={reports} />
      {queue.results.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="review-empty">
          {t('adminReview.empty')}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900" data-testid="review-bulk">
            <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={(event) => setSelected(event.target.checked ? new Set(onPage) : new Set())}
                className="accent-brand-600 size-4"
                data-testid="review-select-all"
              />
              {t('adminReview.selectAll')}
            </label>
            <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
              {t('adminReview.selected', { count: chosen.length })}
            </span>
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <Button size="sm" disabled={chosen.length === 0} onClick={() => void approve(chosen)} data-testid="review-approve-selected">
                {t('adminReview.approveSelected')}
              </Button>
              <Button size="sm" variant="secondary" disabled={chosen.length === 0} onClick={() => setRejecting(chosen)} data-testid="review-reject-selected">
                {t('adminReview.rejectSelected')}
              </Button>
            </div>
          </div>
          <div className="space-y-3">
            {queue.results.map((item) => (
              <ReviewItem
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => setSelected((current) => (on ? new Set([...current, item.id]) : new Set([...current].filter((id) => id !== item.id))))}
                onApprove={() => void approve([item.id])}
                onReject={() => setRejecting([item.id])}
              />
            ))}
          </div>
        </>
      )}
      <AdminPager page={queue.page} pageSize={queue.pageSize} total={queue.total} />
      <RejectDialog count={rejecting?.length ?? 0} open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)} onReject={reject} />
      {confirmDialog}
    </div>
  );
}
