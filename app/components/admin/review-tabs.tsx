/**
 * The review queue's tabs (`/admin/review`): a tab per kind of held content with its count, and
 * the Reports tab (`/admin/review/reports`, issue 28) with its open items' count.
 */
import { Link } from 'react-router';
import { REVIEW_KINDS, type ReviewKind } from '../../../common/views/review';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

const TAB = '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap';
const ON = 'border-brand-600 text-brand-700 dark:text-brand-300';
const OFF = 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100';

function Count({ n }: { n: number }) {
  return <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{n}</span>;
}

export function ReviewTabs({ current, counts, reports }: { current: ReviewKind | 'reports'; counts: Record<ReviewKind, number>; reports: number }) {
  const t = useT();
  return (
    <nav aria-label={t('adminReview.tabsLabel')} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {REVIEW_KINDS.map((kind) => (
        <Link
          key={kind}
          to={kind === 'topic' ? paths.adminReview : `${paths.adminReview}?kind=${kind}`}
          aria-current={kind === current ? 'page' : undefined}
          className={`${TAB} ${kind === current ? ON : OFF}`}
          data-testid={`review-tab-${kind}`}
        >
          {t(`adminReview.tabs.${kind}`)}
          <Count n={counts[kind]} />
        </Link>
      ))}
      <Link to={paths.adminReports} aria-current={current === 'reports' ? 'page' : undefined} className={`${TAB} ${current === 'reports' ? ON : OFF}`} data-testid="review-tab-reports">
        {t('adminReports.tab')}
        <Count n={reports} />
      </Link>
    </nav>
  );
}
