/**
 * Relative time (spec §9), in every interface language: under 1 minute "just now"; under 60
 * minutes "n minutes ago"; under 24 hours "n hours ago"; up to 30 days "n days ago"; older (or in
 * the future by more than a minute) the date as yyyy-MM-dd HH:mm — in th-TH as a Thai reader
 * expects a date: day, abbreviated Thai month and Buddhist-era year ("28 พ.ย. 2569 22:53",
 * ADR 0029).
 */
/** Any translation function (the server's `translator(locale)`, a component's `useT()`). */
export type RelativeTimeT = (key: string, options?: { count: number }) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per time zone, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * yyyy-MM-dd HH:mm in `timeZone` (default: the runtime's own). UTC (every server render) and
 * the runtime's zone read Date's own fields; only another named zone needs Intl (formatToParts
 * allocates a part per field: a topic page shows dozens of times).
 */
export function formatDateTime(time: number, timeZone?: string, locale?: string): string {
  const fields = dateTimeFields(time, timeZone);
  if (locale === 'th-TH') return thaiDateTime(fields);
  return `${fields.year}-${pad(fields.month)}-${pad(fields.day)} ${pad(fields.hour)}:${pad(fields.minute)}`;
}

/** The day alone (a join date): yyyy-MM-dd, in th-TH "29 พ.ย. 2569" (ADR 0029), in `timeZone`. */
export function formatDate(time: number, timeZone?: string, locale?: string): string {
  const fields = dateTimeFields(time, timeZone);
  if (locale === 'th-TH') return thaiDate(fields);
  return `${fields.year}-${pad(fields.month)}-${pad(fields.day)}`;
}

interface DateTimeFields {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
}

/** Thai abbreviated month names: a fixed table, so server and browser print the same text. */
const THAI_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
/** The Buddhist era counts from 543 BCE: 2026 CE is 2569 BE. */
const BUDDHIST_ERA_OFFSET = 543;

function thaiDate(fields: DateTimeFields): string {
  return `${fields.day} ${THAI_MONTHS[fields.month - 1] ?? ''} ${fields.year + BUDDHIST_ERA_OFFSET}`;
}

function thaiDateTime(fields: DateTimeFields): string {
  return `${thaiDate(fields)} ${pad(fields.hour)}:${pad(fields.minute)}`;
}

function dateTimeFields(time: number, timeZone: string | undefined): DateTimeFields {
  if (timeZone === 'UTC' || timeZone === undefined) {
    const d = new Date(time);
    const utc = timeZone === 'UTC';
    const year = utc ? d.getUTCFullYear() : d.getFullYear();
    const month = utc ? d.getUTCMonth() : d.getMonth();
    const day = utc ? d.getUTCDate() : d.getDate();
    const hour = utc ? d.getUTCHours() : d.getHours();
    const minute = utc ? d.getUTCMinutes() : d.getMinutes();
    return { year, month: month + 1, day, hour, minute };
  }
  const parts = formatterFor(timeZone).formatToParts(new Date(time));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

export function formatRelativeTime(time: number, now: number, t: RelativeTimeT, timeZone?: string, locale?: string): string {
  const diff = now - time;
  if (diff < -MINUTE) return formatDateTime(time, timeZone, locale);
  if (diff < MINUTE) return t('time.justNow');
  if (diff < HOUR) return t('time.minutesAgo', { count: Math.floor(diff / MINUTE) });
  if (diff < DAY) return t('time.hoursAgo', { count: Math.floor(diff / HOUR) });
  const days = Math.floor(diff / DAY);
  if (days <= 30) return t('time.daysAgo', { count: days });
  return formatDateTime(time, timeZone, locale);
}
