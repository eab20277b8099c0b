/**
 * `<RelativeTime time={ms} />`: "3 minutes ago" in the page's language (spec §9), the exact
 * date in the tooltip. Server and browser clocks (and time zones) differ, so the text is
 * recomputed once hydrated; suppressHydrationWarning keeps React quiet about that one node.
 */
import { formatDateTime, formatRelativeTime } from '../../../common/relative-time';
import { useHydrated } from '~/lib/use-hydrated';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export function RelativeTime({ time, now, className }: { time: number; now?: number; className?: string }) {
  const t = useT();
  const { locale } = useRootData();
  const hydrated = useHydrated();
  // On the server (and while hydrating) times render in UTC; the browser then shows its own zone.
  const zone = hydrated ? undefined : 'UTC';
  const current = now ?? currentTime();
  return (
    <time dateTime={new Date(time).toISOString()} title={formatDateTime(time, zone, locale)} className={className} suppressHydrationWarning>
      {formatRelativeTime(time, current, t, zone, locale)}
    </time>
  );
}

function currentTime(): number {
  return Date.now();
}
