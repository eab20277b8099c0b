/**
 * The dashboard's card of what this process's caches hold (issue 32): the page cache's fresh
 * pages (what hits are served from) and the copies kept for a database outage, each in entries,
 * stored (compressed) bytes and bytes as text, against its budget; the feed cache likewise.
 */
import type { CacheStatsView } from '../../../common/views/caches';
import { Card, CardHeader } from '~/components/ui/card';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export function CacheFigures({ caches }: { caches: CacheStatsView }) {
  const t = useT();
  // The page's locale, not the browser's: the server's render and the browser's must agree.
  const locale = useRootData().locale;
  const count = new Intl.NumberFormat(locale);
  // Plain decimals with the unit in the words: a `unit` format's spacing differs between the
  // server's ICU and the browser's, and the hydration would not match.
  const megabytes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const mb = (bytes: number) => megabytes.format(bytes / (1024 * 1024));
  const { pages, feeds } = caches;
  const rows: Array<[string, string, string]> = [
    ['pages-fresh', t('adminCaches.pagesFresh'), t('adminCaches.held', { entries: count.format(pages.fresh.entries), bytes: mb(pages.fresh.bytes), text: mb(pages.fresh.textBytes) })],
    ['pages-stale', t('adminCaches.pagesStale'), t('adminCaches.held', { entries: count.format(pages.stale.entries), bytes: mb(pages.stale.bytes), text: mb(pages.stale.textBytes) })],
    ['pages-budget', t('adminCaches.pagesBudget'), t('adminCaches.budget', { used: mb(pages.fresh.bytes + pages.stale.bytes), max: mb(pages.maxBytes) })],
    ['feeds', t('adminCaches.feeds'), t('adminCaches.feedsHeld', { entries: count.format(feeds.entries), used: mb(feeds.bytes), max: mb(feeds.maxBytes) })],
  ];
  return (
    <Card>
      <CardHeader title={t('adminCaches.title')} description={t('adminCaches.description')} />
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 px-5 pb-4 text-sm sm:grid-cols-[auto_1fr]" data-testid="dashboard-caches">
        {rows.map(([id, label, value]) => (
          <div key={id} className="contents" data-testid={`caches-${id}`}>
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="text-zinc-900 tabular-nums dark:text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
