/**
 * The digest's periods, in the site's time zone: a day (midnight to midnight) or a week (Monday
 * to Sunday). A period is due once it has ended and the site's clock has passed 08:00 of the day
 * after it (a morning mail, never one at midnight), and stays due until the next one is; its key
 * (`d:2026-11-27`, `w:2026-11-23`, the week's Monday) is what `digest_sends` claims once per
 * member. Days are stepped as calendar dates, never as 24-hour spans, so a zone with daylight
 * saving still has days of 23 and 25 hours that start at its midnights.
 */

/** The hour (site time) from which the period that just ended is sent. */
export const SEND_FROM_HOUR = 8;

export type PeriodKind = 'daily' | 'weekly';

export interface DigestPeriod {
  kind: PeriodKind;
  /** `d:YYYY-MM-DD` or `w:YYYY-MM-DD` (the Monday). */
  key: string;
  /** Epoch ms of its first instant (site midnight) and of the first instant after it. */
  start: number;
  end: number;
  /** Its first and last calendar days, `YYYY-MM-DD` (for the mail's words). */
  firstDay: string;
  lastDay: string;
}

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (a pure
// cache of an immutable value, not per-app state).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The site's wall clock at `epochMs`. */
function wallClock(epochMs: number, timeZone: string): CivilDate & { hour: number; minute: number; second: number } {
  const parts = formatterOf(timeZone).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far the zone's wall clock is ahead of UTC at `epochMs`. */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(epochMs / 1000) * 1000;
}

/** The instant the zone's wall clock shows `date` at midnight (the offset checked again across a change). */
export function zonedMidnight(date: CivilDate, timeZone: string): number {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return second;
}

function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 Monday … 6 Sunday. */
function weekdayOf(date: CivilDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

function iso(date: CivilDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function periodOf(kind: PeriodKind, first: CivilDate, days: number, timeZone: string): DigestPeriod {
  const next = addDays(first, days);
  return {
    kind,
    key: `${kind === 'daily' ? 'd' : 'w'}:${iso(first)}`,
    start: zonedMidnight(first, timeZone),
    end: zonedMidnight(next, timeZone),
    firstDay: iso(first),
    lastDay: iso(addDays(first, days - 1)),
  };
}

/** The periods due at `now`: yesterday from 08:00 today, last week from Monday 08:00 (site time). */
export function duePeriods(now: number, timeZone: string): { daily: DigestPeriod | null; weekly: DigestPeriod | null } {
  const clock = wallClock(now, timeZone);
  const today: CivilDate = { year: clock.year, month: clock.month, day: clock.day };
  const morning = clock.hour >= SEND_FROM_HOUR;
  const weekday = weekdayOf(today);
  const monday = addDays(today, -weekday);
  return {
    daily: morning ? periodOf('daily', addDays(today, -1), 1, timeZone) : null,
    // Monday before 08:00: the week that just ended is not due yet, and the one before was.
    weekly: weekday === 0 && !morning ? null : periodOf('weekly', addDays(monday, -7), 7, timeZone),
  };
}

/** The period a key names (the mail job's payload), or null when it is not one. */
export function periodOfKey(key: string, timeZone: string): DigestPeriod | null {
  const match = /^([dw]):(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const first = { year: Number(match[2]), month: Number(match[3]), day: Number(match[4]) };
  return match[1] === 'd' ? periodOf('daily', first, 1, timeZone) : periodOf('weekly', first, 7, timeZone);
}
