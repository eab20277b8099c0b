/**
 * The daily check-in: once per member per day of the site's time zone, with the consecutive-day
 * count. The unique key (user_id, day) is the rule; the read before it only computes the streak
 * and answers the common second click without a write.
 */
import type { Kysely } from 'kysely';
import type { CheckinResult, CheckinState } from '../../../common/views/score';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { WriteScope } from '../../kernel/events';
import { dayOf, previousDay } from './day';
import { findLatestCheckin, insertCheckinIfAbsent } from './scores.repository';

const ALREADY = 'score.errors.alreadyCheckedIn';

/** Checks the member in for today (409 when already done), inside the write's transaction. */
export async function checkIn(scope: WriteScope, user: UserRow): Promise<CheckinResult> {
  const { db, now } = scope;
  const settings = await scope.ctx.settings.get(db);
  const day = dayOf(now, settings.timeZone);
  const latest = await findLatestCheckin(db, user.id);
  if (latest?.day === day) throw errors.conflict(ALREADY);
  const consecutiveDays = latest && latest.day === previousDay(day) ? latest.consecutive_days + 1 : 1;
  const score = settings.scoreRules.checkin;
  // Recorded before the insert: its score handler locks the member's row first (see the event).
  await scope.emit('checkin.recorded', { userId: user.id, day, consecutiveDays, score });
  const inserted = await insertCheckinIfAbsent(db, { user_id: user.id, day, consecutive_days: consecutiveDays, score, create_time: now, update_time: now });
  // Another click won the race: throwing rolls this one's score back with it.
  if (!inserted) throw errors.conflict(ALREADY);
  return { consecutiveDays, score, checkedInToday: true };
}

/** The member's check-in state on `day`: a streak ending yesterday is still alive today. */
export async function checkinStateOf(db: Kysely<DB>, userId: number, day: number): Promise<CheckinState> {
  const latest = await findLatestCheckin(db, userId);
  if (!latest) return { checkedInToday: false, consecutiveDays: 0, latestDay: 0 };
  const alive = latest.day === day || latest.day === previousDay(day);
  return { checkedInToday: latest.day === day, consecutiveDays: alive ? latest.consecutive_days : 0, latestDay: latest.day };
}

/** Today in the site's time zone. */
export function todayOf(now: number, timeZone: string): number {
  return dayOf(now, timeZone);
}
