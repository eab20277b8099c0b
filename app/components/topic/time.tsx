/**
 * Relative times without hydration mismatches (spec §9). The server renders "3 minutes ago"
 * against the request's time, which its loader passes down as `renderNow`; the browser's first
 * (hydrating) render uses that same instant and UTC, so the HTML matches exactly, and only then
 * switches to its own clock and time zone. The exact time stays in `<time dateTime>` and the
 * tooltip.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../common/relative-time';
import { useHydrated } from '~/lib/use-hydrated';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

const RenderNow = createContext<number | undefined>(undefined);

export function RenderNowProvider({ now, children }: { now: number; children: ReactNode }) {
  return <RenderNow.Provider value={now}>{children}</RenderNow.Provider>;
}

export function TopicTime({ time, className }: { time: number; className?: string }) {
  const t = useT();
  const { locale } = useRootData();
  const renderNow = useContext(RenderNow);
  const hydrated = useHydrated();
  const now = hydrated || renderNow === undefined ? clock() : renderNow;
  const zone = hydrated ? undefined : 'UTC';
  return (
    <time dateTime={new Date(time).toISOString()} title={formatDateTime(time, zone, locale)} className={className} suppressHydrationWarning>
      {formatRelativeTime(time, now, t, zone, locale)}
    </time>
  );
}

/** The browser's clock (read during render on purpose: the text is "relative to now"). */
function clock(): number {
  return Date.now();
}
