/**
 * A date and time (a ban's end, an audit entry's time) as the reader reads dates: in the
 * reader's locale. Rendered in UTC on the server and in the reader's
 * own time zone after hydration (the same instant; `<time>` carries it exactly).
 */
import { useRootData } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string, local: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${local ? 'local' : 'utc'}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(local ? {} : { timeZone: 'UTC' }) });
    formats.set(key, format);
  }
  return format;
}

export function LocalDateTime({ time }: { time: number }) {
  const { locale } = useRootData();
  const hydrated = useHydrated();
  return (
    <time dateTime={new Date(time).toISOString()} suppressHydrationWarning>
      {formatFor(locale, hydrated).format(time)}
      {/* The server's render says its zone; the reader's own needs no name. */}
      {!hydrated && ' UTC'}
    </time>
  );
}
