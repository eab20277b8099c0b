/**
 * When a scheduled backup is due (issue 33): the newest slot — today's (or this week's day's)
 * hour in the site's time zone — not yet backed up, within a few hours of its start (a forum
 * switched on at noon with a 03:00 schedule waits for tomorrow's 03:00, and a process down
 * through its slot does not start a backup at peak hours long after).
 */
import type { BackupSettings } from '../../../common/validation/backups';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How late a slot may still be taken. */
export const SLOT_GRACE_MS = 6 * HOUR;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock of `now` in `timeZone`: weekday (0 Sunday), hour, and the ms past that hour. */
function wallClock(now: number, timeZone: string): { weekday: number; hour: number; intoHour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23', minute: 'numeric', second: 'numeric' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { weekday: WEEKDAYS.indexOf(part('weekday')), hour: Number(part('hour')) % 24, intoHour: (Number(part('minute')) * 60 + Number(part('second'))) * 1000 + (now % 1000) };
}

/** The start of the newest slot at or before `now` (epoch ms), or null when the schedule is off. */
export function latestSlot(settings: Pick<BackupSettings, 'schedule' | 'hour' | 'weekday'>, timeZone: string, now: number): number | null {
  if (settings.schedule === 'off') return null;
  const clock = wallClock(now, timeZone);
  // Back to the newest `hour` o'clock: today's, or yesterday's when that hour is still to come.
  let hoursBack = clock.hour - settings.hour;
  let slotWeekday = clock.weekday;
  if (hoursBack < 0) {
    hoursBack += 24;
    slotWeekday = (slotWeekday + 6) % 7;
  }
  // Weekly: further back to the chosen day of the week.
  const daysBack = settings.schedule === 'weekly' ? (slotWeekday - settings.weekday + 7) % 7 : 0;
  return now - clock.intoHour - hoursBack * HOUR - daysBack * DAY;
}

/** The slot to back up now, or null: none due, already taken, or too long ago. */
export function dueSlot(settings: Pick<BackupSettings, 'schedule' | 'hour' | 'weekday'>, timeZone: string, now: number, lastScheduled: number): number | null {
  const slot = latestSlot(settings, timeZone, now);
  if (slot === null || lastScheduled >= slot || now - slot > SLOT_GRACE_MS) return null;
  return slot;
}
