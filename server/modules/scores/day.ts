/**
 * Calendar days in the site's time zone, as yyyymmdd integers (20261126): the unit a check-in is
 * unique in. Days are compared and stepped as dates, never as 24-hour spans, so a zone with
 * daylight saving still has exactly one "today" and one "yesterday".
 */

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. A pure
// cache of an immutable value, not per-app state.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day `epochMs` falls on in `timeZone`. */
export function dayOf(epochMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('year') * 10_000 + part('month') * 100 + part('day');
}

/** The day before `day`. */
export function previousDay(day: number): number {
  const date = new Date(Date.UTC(Math.floor(day / 10_000), Math.floor(day / 100) % 100 - 1, (day % 100) - 1));
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}
