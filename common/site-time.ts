/**
 * A moment in a sentence, in the site's time zone (setting `timeZone`, Asia/Bangkok by default):
 * "Nov 29, 2026, 5:00 AM GMT+7". Ban ends, VIP ends and other times in messages, mails and errors
 * are written with it, never in UTC (issue 31 item 7, defect 8). The zone's offset is named, so a
 * reader elsewhere can still tell the moment. Pure: both sides import it.
 */

export const DEFAULT_SITE_TIME_ZONE = 'Asia/Bangkok';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    } catch {
      // A zone this runtime does not know (the setting is validated, but an older build may differ).
      formatter = new Intl.DateTimeFormat(locale, { timeZone: DEFAULT_SITE_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Epoch ms → the moment in `timeZone`, in `locale`'s words, with the zone's offset. */
export function formatSiteTime(time: number, locale: string, timeZone: string): string {
  return formatterOf(locale, timeZone).format(time);
}
