/**
 * A date and time (a ban's end, an audit entry's time) as the reader reads dates: in the
 * reader's locale and the site's time zone (setting `timeZone`), its offset named — the same
 * text on the server and after hydration (`<time>` carries the exact instant).
 * `compact`: yyyy-MM-dd HH:mm, for a table's narrow column.
 */
import { formatDateTime } from '../../../common/relative-time';
import { formatSiteTime } from '../../../common/site-time';
import { useRootData, useSiteConfig } from '~/lib/session';

export function LocalDateTime({ time, compact = false }: { time: number; compact?: boolean }) {
  const { locale } = useRootData();
  const { timeZone } = useSiteConfig();
  return (
    <time dateTime={new Date(time).toISOString()} title={compact ? formatSiteTime(time, locale, timeZone) : undefined} className={compact ? 'whitespace-nowrap tabular-nums' : undefined}>
      {compact ? formatDateTime(time, timeZone) : formatSiteTime(time, locale, timeZone)}
    </time>
  );
}
