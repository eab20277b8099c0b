/**
 * The back office's dashboard (issue 17), for moderators and admins: the forum's counts, today's
 * sign-ups and posts, what waits for review, the last 30 days per day and the newest audit
 * entries. Days are the site's time zone's (setting `timeZone`), built from 15-minute buckets
 * the databases count, so a zone's offset (even :30 or :45) never splits a bucket between days.
 * A constant number of queries whatever the forum's size: eleven (the VIP orders waiting added one).
 */
import type { DashboardDay, DashboardView } from '../../../common/views/settings';
import type { ReadCall } from '../../kernel/actions';
import { pendingCommentCount, publishedCommentCount } from '../comments/comments.api';
import { recentAuditEntries } from '../moderation/moderation.api';
import { postStats } from '../publishing/publishing.api';
import { dayOf, previousDay } from '../scores/scores.api';
import { memberStats } from '../users/users.api';
import { vipOrdersWaiting } from '../vip/vip.api';

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_RECENT = 8;
const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

function dayText(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** Adds each bucket's count to the day it falls on (buckets before the first day are dropped). */
function addByDay(into: Map<number, { signups: number; posts: number }>, buckets: ReadonlyArray<{ bucket: number; n: number }>, timeZone: string, field: 'signups' | 'posts'): void {
  for (const { bucket, n } of buckets) {
    const day = into.get(dayOf(bucket * BUCKET_MS, timeZone));
    if (day) day[field] += n;
  }
}

/** GET admin/dashboard. */
export async function dashboard({ db, caller, settings }: ReadCall<unknown, undefined>): Promise<DashboardView> {
  const { timeZone } = settings;
  const now = caller.now;
  const today = dayOf(now, timeZone);
  const dayList = [today];
  while (dayList.length < DASHBOARD_DAYS) dayList.unshift(previousDay(dayList[0]!));
  // A day or two more than 30 × 24 h, so the first local day is whole whatever the zone and daylight saving.
  const since = Math.floor((now - (DASHBOARD_DAYS + 1) * DAY_MS) / BUCKET_MS) * BUCKET_MS;

  const members = await memberStats(db, since, BUCKET_MS);
  const topics = await postStats(db, 'topics', since, BUCKET_MS);
  const articles = await postStats(db, 'articles', since, BUCKET_MS);
  const comments = await publishedCommentCount(db);
  const heldComments = await pendingCommentCount(db);
  const recent = await recentAuditEntries(db, DASHBOARD_RECENT);
  const vipOrders = await vipOrdersWaiting(db, now);

  const byDay = new Map(dayList.map((day) => [day, { signups: 0, posts: 0 }]));
  addByDay(byDay, members.signups, timeZone, 'signups');
  addByDay(byDay, topics.created, timeZone, 'posts');
  addByDay(byDay, articles.created, timeZone, 'posts');
  const days: DashboardDay[] = dayList.map((day) => ({ day: dayText(day), ...byDay.get(day)! }));
  const last = days[days.length - 1]!;
  return {
    counts: {
      members: members.total,
      topics: topics.published,
      articles: articles.published,
      comments,
      signupsToday: last.signups,
      postsToday: last.posts,
      pendingReview: topics.pending + articles.pending + heldComments,
      vipOrders,
    },
    timeZone,
    days,
    recent,
  };
}
