/**
 * The reminder 7 days before a membership ends (issue 18). Expiry itself needs no job: "active"
 * is computed from `vip_expire_time` on every read. The reminder is a message, which something
 * must write: an hourly periodic job (vip.jobs.ts) finds the members whose VIP ends within the
 * window and records `vip.expiring` for each; the messages feature writes the message with a key
 * naming that end, so it is sent once per end whatever the number of runs or processes, and an
 * extended membership is reminded again before its new end.
 */
import { DAY_MS, VIP_LIMITS } from '../../../common/vip';
import type { AppContext } from '../../context';
import { runWrite } from '../../kernel/write';
import { membersWithVipEndingBetween } from '../users/users.api';

export const REMINDER_INTERVAL_MS = 60 * 60_000;
/** Members reminded per tick at most (the next tick takes the rest). */
const BATCH = 500;

/** Records `vip.expiring` for every member whose VIP ends in (now, now + 7 days]; answers how many. */
export async function remindExpiringVip(ctx: AppContext, now: number): Promise<number> {
  const db = ctx.state.installed ? ctx.state.db : null;
  if (!db) return 0;
  const members = await membersWithVipEndingBetween(db, now, now + VIP_LIMITS.reminderDays * DAY_MS, BATCH);
  for (const member of members) {
    await runWrite(ctx, (scope) => scope.emit('vip.expiring', { userId: member.id, expireTime: member.vip_expire_time }), { now });
  }
  return members.length;
}
