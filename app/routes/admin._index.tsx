/**
 * `/admin`: the back office's dashboard (issue 17) — the forum's counts, today's sign-ups and
 * posts, what waits for review, a chart of the last 30 days (sign-ups and posts per day in the
 * site's time zone; an inline SVG, with the figures in words for screen readers) and the newest
 * audit entries.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { dashboardActions } from '../../common/actions/dashboard';
import type { DashboardDay, DashboardView } from '../../common/views/settings';
import { AdminTitle } from '~/components/admin/admin-table';
import { requireStaff, unwrapAdmin } from '~/components/admin/admin-data.server';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Card, CardHeader } from '~/components/ui/card';
import { paths } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  requireStaff(context, request);
  return { dashboard: unwrapAdmin(await context.read(dashboardActions.view, {})) };
}

const COUNTS = ['members', 'topics', 'articles', 'comments', 'signupsToday', 'postsToday', 'pendingReview', 'vipOrders'] as const;

function Counts({ counts }: { counts: DashboardView['counts'] }) {
  const t = useT();
  // The page's locale, not the browser's: the server's render and the browser's must agree.
  const format = new Intl.NumberFormat(useRootData().locale);
  return (
    <section aria-label={t('adminDashboard.counts.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="dashboard-counts">
        {COUNTS.map((key) => (
          <div key={key} className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid={`count-${key}`}>
            <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{t(`adminDashboard.counts.${key}`)}</dt>
            <dd className={`mt-1 text-2xl font-semibold tabular-nums ${(key === 'pendingReview' || key === 'vipOrders') && counts[key] > 0 ? 'text-amber-700 dark:text-amber-400' : 'text-zinc-900 dark:text-zinc-50'}`}>
              {format.format(counts[key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const WIDTH = 600;
const HEIGHT = 160;
/** The axis labels' size in px as rendered: the chart is drawn at its box's own width (1 unit = 1 px). */
const LABEL_PX = 11;

/**
 * The chart's box width in px once measured (WIDTH before): drawn at its real width, the axis
 * labels stay LABEL_PX on a phone instead of shrinking with a scaled drawing.
 */
function useBoxWidth(): [React.RefObject<SVGSVGElement | null>, number] {
  const ref = useRef<SVGSVGElement | null>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(240, Math.round(box.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
const PAD = { top: 8, right: 8, bottom: 22, left: 28 };

/** How many days apart the day labels go for a day's slot of `slot` px (a label is about 36 px wide). */
function slotEvery(slot: number): number {
  return slot * 7 >= 44 ? 7 : 14;
}

/** Two bars a day (sign-ups, posts), scaled to the busiest day; day labels every week. */
function Chart({ days, timeZone }: { days: DashboardDay[]; timeZone: string }) {
  const t = useT();
  const [boxRef, width] = useBoxWidth();
  const max = Math.max(1, ...days.flatMap((d) => [d.signups, d.posts]));
  const plotW = width - PAD.left - PAD.right;
  // Day labels far enough apart for LABEL_PX text ("11-28"): every week, or every two on a narrow box.
  const every = slotEvery(plotW / days.length);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const bar = Math.max(1, slot / 2 - 1);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const total = days.reduce((sum, d) => ({ signups: sum.signups + d.signups, posts: sum.posts + d.posts }), { signups: 0, posts: 0 });
  const busiest = Math.max(0, ...days.map((d) => d.signups + d.posts));
  return (
    <Card>
      <CardHeader title={t('adminDashboard.chart.title')} description={t('adminDashboard.chart.description', { timeZone })} />
      <div className="px-5 py-4">
        <svg ref={boxRef} viewBox={`0 0 ${width} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={t('adminDashboard.chart.summary', { ...total, max: busiest })} data-testid="dashboard-chart">
          {(max >= 4 ? [0, 0.5, 1] : [0, 1]).map((f) => (
            <g key={f}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(max * f)} y2={y(max * f)} className="stroke-zinc-200 dark:stroke-zinc-700" strokeWidth={1} />
              <text x={PAD.left - 4} y={y(max * f) + 3} textAnchor="end" className="fill-zinc-600 dark:fill-zinc-400" fontSize={LABEL_PX} data-testid="chart-label">
                {Math.round(max * f)}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const x = PAD.left + i * slot + 1;
            return (
              <g key={d.day}>
                <title>{t('adminDashboard.chart.day', { day: d.day, signups: d.signups, posts: d.posts })}</title>
                <rect x={x} y={y(d.signups)} width={bar} height={PAD.top + plotH - y(d.signups)} className="fill-brand-600 dark:fill-brand-400" />
                <rect x={x + bar} y={y(d.posts)} width={bar} height={PAD.top + plotH - y(d.posts)} className="fill-amber-500 dark:fill-amber-400" />
                {((i % every === 0 && i < days.length - Math.ceil(every / 2)) || i === days.length - 1) && (
                  <text x={x + bar} y={HEIGHT - 6} textAnchor="middle" className="fill-zinc-600 dark:fill-zinc-400" fontSize={LABEL_PX} data-testid="chart-label">
                    {d.day.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
        <ul className="mt-2 flex gap-4 text-xs text-zinc-700 dark:text-zinc-300">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="bg-brand-600 dark:bg-brand-400 inline-block size-2.5 rounded-sm" />
            {t('adminDashboard.chart.signups')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-amber-500 dark:bg-amber-400" />
            {t('adminDashboard.chart.posts')}
          </li>
        </ul>
      </div>
    </Card>
  );
}

function known(t: ReturnType<typeof useT>, key: string, fallback: string): string {
  const text = String(t(key));
  return text === key ? fallback : text;
}

function Recent({ entries }: { entries: DashboardView['recent'] }) {
  const t = useT();
  return (
    <Card>
      <CardHeader
        title={t('adminDashboard.recent.title')}
        actions={
          <Link to={paths.adminAudit} className="text-brand-700 dark:text-brand-300 text-sm hover:underline">
            {t('adminDashboard.recent.all')}
          </Link>
        }
      />
      {entries.length === 0 ? (
        <p className="px-5 py-4 text-sm text-zinc-600 dark:text-zinc-400">{t('adminDashboard.recent.empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="dashboard-recent">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline gap-x-2 px-5 py-2.5 text-sm">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">{entry.actor?.nickname ?? t('admin.audit.system')}</span>
              <span className="text-zinc-700 dark:text-zinc-300">{known(t, `admin.audit.actions.${entry.action}`, entry.action)}</span>
              {entry.targetUser && <span className="text-zinc-700 dark:text-zinc-300">{entry.targetUser.nickname}</span>}
              {!entry.targetUser && entry.targetId !== null && (
                <span className="text-zinc-600 dark:text-zinc-400">
                  {known(t, `admin.audit.targets.${entry.targetType}`, entry.targetType)} #{entry.targetId}
                </span>
              )}
              <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">
                <LocalDateTime time={entry.createTime} compact />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export default function AdminDashboardPage() {
  const t = useT();
  const { dashboard } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <AdminTitle title={t('adminDashboard.title')} description={t('adminDashboard.description')} />
      <Counts counts={dashboard.counts} />
      <Chart days={dashboard.days} timeZone={dashboard.timeZone} />
      <Recent entries={dashboard.recent} />
    </div>
  );
}
