/**
 * `/admin/review/reports`: the review queue's Reports tab (issue 28). One card per reported item
 * with open reports, newest report first: what it is and where, its author, how many reports and
 * for which reasons, what the reporters wrote. Staff resolve every open report of the item at
 * once: delete or hide it, ban its author (the ban dialog, sent as the resolution), or dismiss;
 * the reporters are told. Keyset pages ("Load more"). A conversation message has no page: its
 * card opens the conversation for staff ("Read the conversation", an audited read).
 */
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { reportActions } from '../../common/actions/reports';
import { reviewActions } from '../../common/actions/review';
import { reportQueueQuery, type ReportOutcome } from '../../common/validation/reports';
import type { ReportCaseView } from '../../common/views/reports';
import { badQuery, queryOf, requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { AdminTitle } from '~/components/admin/admin-table';
import { ReviewTabs } from '~/components/admin/review-tabs';
import { ConversationStaffDialog } from '~/components/admin/conversation-staff-dialog';
import { BanDialog } from '~/components/moderation/ban-dialog';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  const query = reportQueueQuery.safeParse(queryOf(request));
  if (!query.success) badQuery(context, 'validation.invalid');
  const reports = unwrapAdmin(await context.read(reportActions.queue, query.data));
  const review = unwrapAdmin(await context.read(reviewActions.queue, { kind: 'topic', page: 1 }));
  return { reports, counts: review.counts };
}

const CHIP = 'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium';

/** "Read the conversation" and the line that says the read is on the record. */
function ReadConversation({ conversationId, reportedId }: { conversationId: number; reportedId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const noteId = `report-read-note-${reportedId}`;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-describedby={noteId} data-testid="report-read-conversation">
        {t('adminReports.readConversation')}
      </Button>
      <p id={noteId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('adminReports.audited')}
      </p>
      {open && <ConversationStaffDialog conversationId={conversationId} reportedId={reportedId} open={open} onOpenChange={setOpen} />}
    </div>
  );
}

function ReportCard({ item, onResolve, onBan }: { item: ReportCaseView; onResolve: (outcome: Exclude<ReportOutcome, 'ban'>) => void; onBan: () => void }) {
  const t = useT();
  const headingId = `report-${item.type}-${item.id}`;
  const name = item.title || `#${item.id}`;
  const title = item.type === 'comment' ? t('adminReports.commentOn', { title: name }) : name;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="report-case" data-type={item.type} data-id={item.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-xs">
            <span className={`${CHIP} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>{t(`adminReports.types.${item.type}`)}</span>
            <span className={`${CHIP} bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200`} data-testid="report-count">
              {t('adminReports.count', { count: item.count })}
            </span>
          </p>
          <h2 id={headingId} className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">
            {item.url ? (
              <Link to={item.url} className="hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            {item.author && item.type !== 'user' && (
              <span>
                {t('adminReports.by')}:{' '}
                <Link to={paths.user(item.author.id)} className="text-brand-700 dark:text-brand-300 font-medium hover:underline" data-testid="report-author">
                  {item.author.nickname}
                </Link>
              </span>
            )}
            <span>
              {t('adminReports.lastReport')}{' '}
              <LocalDateTime time={item.lastReportTime} />
            </span>
          </p>
        </div>
      </div>
      {item.excerpt && <p className="mt-2 line-clamp-3 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm break-words text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">{item.excerpt}</p>}
      {item.type === 'conversation_message' && item.conversationId !== null && <ReadConversation conversationId={item.conversationId} reportedId={item.id} />}
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('reports.dialog.reasonLabel')} data-testid="report-reasons">
        {item.reasons.map((r) => (
          <li key={r.reason} className={`${CHIP} bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200`}>
            {t(`adminReports.reasons.${r.reason}`)} × {r.count}
          </li>
        ))}
      </ul>
      {item.reports.some((r) => r.text) && (
        <section className="mt-3" aria-label={t('adminReports.reporterTexts')}>
          <h3 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{t('adminReports.reporterTexts')}</h3>
          <ul className="mt-1 space-y-1.5">
            {item.reports
              .filter((r) => r.text)
              .map((r, i) => (
                <li key={i} className="text-sm break-words text-zinc-800 dark:text-zinc-200" data-testid="report-text">
                  <span className="font-medium">{r.reporter?.nickname ?? t('adminReports.someone')}</span>
                  <span className="text-zinc-600 dark:text-zinc-400"> · {t(`adminReports.reasons.${r.reason}`)}</span>: {r.text}
                </li>
              ))}
          </ul>
        </section>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {item.outcomes.map((outcome) =>
          outcome === 'ban' ? (
            <Button key={outcome} size="sm" variant="secondary" onClick={onBan} data-testid="report-ban">
              {t(item.type === 'user' ? 'adminReports.outcomes.banMember' : 'adminReports.outcomes.ban')}
            </Button>
          ) : (
            <Button key={outcome} size="sm" variant={outcome === 'delete' ? 'danger' : 'secondary'} onClick={() => onResolve(outcome)} data-testid={`report-${outcome}`}>
              {t(`adminReports.outcomes.${outcome}`)}
            </Button>
          ),
        )}
      </div>
    </article>
  );
}

export default function AdminReportsPage() {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [confirm, confirmDialog] = useConfirm();
  const { reports, counts } = useLoaderData<typeof loader>();
  const [more, setMore] = useState<{ base: typeof reports; results: ReportCaseView[]; cursor: string; hasMore: boolean } | null>(null);
  const [banning, setBanning] = useState<ReportCaseView | null>(null);
  // More pages belong to the loader's first page they followed; a new first page starts again.
  const extra = more && more.base === reports ? more : null;
  const items = [...reports.results, ...(extra?.results ?? [])];
  const cursor = extra ? extra.cursor : reports.cursor;
  const hasMore = extra ? extra.hasMore : reports.hasMore;

  async function loadMore() {
    try {
      const page = await send(reportActions.queue, { cursor });
      setMore({ base: reports, results: [...(extra?.results ?? []), ...page.results], cursor: page.cursor, hasMore: page.hasMore });
    } catch (error) {
      handleApiError(error);
    }
  }

  async function resolve(item: ReportCaseView, outcome: Exclude<ReportOutcome, 'ban'>) {
    const ok = await confirm({ title: t(`adminReports.confirm.${outcome}.title`), description: t(`adminReports.confirm.${outcome}.description`), confirmLabel: t('adminReports.confirm.confirm'), danger: outcome !== 'dismiss' });
    if (!ok) return;
    try {
      const result = await send(reportActions.resolve, { type: item.type, id: item.id, outcome });
      toast.success(t(`adminReports.resolved.${outcome}`, { n: result.closed }));
    } catch (error) {
      handleApiError(error);
    }
    setMore(null);
    void revalidator.revalidate();
  }

  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminReview.title')} description={t('adminReview.description')} />
      <ReviewTabs current="reports" counts={counts} reports={reports.open} />
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="reports-empty">
          {t('adminReports.empty')}
        </p>
      ) : (
        <div className="space-y-3">
          {items.map((item) => (
            <ReportCard key={`${item.type}:${item.id}`} item={item} onResolve={(outcome) => void resolve(item, outcome)} onBan={() => setBanning(item)} />
          ))}
        </div>
      )}
      {hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} data-testid="reports-more">
            {t('adminReports.loadMore')}
          </Button>
        </div>
      )}
      {banning?.author && (
        <BanDialog
          member={banning.author}
          open
          onOpenChange={(open) => !open && setBanning(null)}
          via={async (ban) => {
            await send(reportActions.resolve, { type: banning.type, id: banning.id, outcome: 'ban', days: ban.days, reason: ban.reason, hideContent: ban.hideContent });
          }}
          onBanned={() => {
            setBanning(null);
            setMore(null);
            void revalidator.revalidate();
          }}
        />
      )}
      {confirmDialog}
    </div>
  );
}
