/**
 * The hourly digest run (a schedule, digest.jobs.ts): walks the members with a verified address
 * in batches by id (keyset, so 10,000 members are 20 short transactions, not one), finds who is
 * due a daily or weekly digest, and claims each one's period in `digest_sends` — the claim and
 * the mail job's enqueue in one transaction, so a claim always has its mail and a mail its claim.
 * The unique claim makes it once per member and period however many times the schedule runs, in
 * however many processes: a second run finds the claims (skipping them cheaply) or, racing, its
 * insert is ignored and enqueues nothing. A member with nothing to say is claimed too (no mail),
 * so the next hour does not ask again.
 *
 * Who is due: the digest choice (messages.api `digestChoices`: 1 daily, 7 weekly, 0 off), and
 * for a member who never chose ('auto'), weekly while they have been away a week or more
 * (`users.last_seen_time`, or their sign-up when they never came back signed in).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { runWrite } from '../../kernel/write';
import { digestChoices, type DigestChoice } from '../messages/messages.api';
import { mailableMembersAfter, mailLocaleOf, type MailableMember } from '../users/users.api';
import { hasNewsFor, type SiteTops } from './digest.content';
import { digestMailJob } from './digest.jobs';
import { duePeriods, type DigestPeriod } from './digest.periods';
import { claimPeriod, findClaimed } from './digest.repository';

export const DIGEST_RUN_INTERVAL_MS = 60 * 60_000;
/** Members per batch (one transaction of claims each). */
export const DIGEST_BATCH = 500;
/** Away this long, a member who never chose gets the weekly digest. */
export const AWAY_MS = 7 * 24 * 60 * 60_000;

export interface DigestRunResult {
  /** Periods claimed by this run (with or without a mail). */
  claimed: number;
  /** Mail jobs enqueued. */
  enqueued: number;
}

/** The period a member is due at `now`, or null (off, or an 'auto' member who came back). */
function periodFor(choice: DigestChoice, member: MailableMember, periods: ReturnType<typeof duePeriods>, now: number): DigestPeriod | null {
  if (choice === 1) return periods.daily;
  if (choice === 7) return periods.weekly;
  if (choice === 0) return null;
  const lastHere = Math.max(member.last_seen_time, member.create_time);
  return now - lastHere >= AWAY_MS ? periods.weekly : null;
}

interface Due {
  member: MailableMember;
  period: DigestPeriod;
}

/** The batch's due members whose period nobody claimed yet (one read per period kind). */
async function unclaimed(db: Kysely<DB>, due: readonly Due[]): Promise<Due[]> {
  const out: Due[] = [];
  for (const key of new Set(due.map((entry) => entry.period.key))) {
    const ofKey = due.filter((entry) => entry.period.key === key);
    const claimed = await findClaimed(db, ofKey.map((entry) => entry.member.id), key);
    out.push(...ofKey.filter((entry) => !claimed.has(entry.member.id)));
  }
  return out;
}

/** Runs the digest for every due member at `now`; answers what it claimed and enqueued. */
export async function runDigests(ctx: AppContext, now: number): Promise<DigestRunResult> {
  const db = ctx.state.installed ? ctx.state.db : null;
  const result: DigestRunResult = { claimed: 0, enqueued: 0 };
  if (!db) return result;
  const settings = await ctx.settings.get(db);
  const periods = duePeriods(now, settings.timeZone);
  if (!periods.daily && !periods.weekly) return result;
  const tops: SiteTops = new Map();
  let after = 0;
  for (;;) {
    const members = await mailableMembersAfter(db, after, DIGEST_BATCH);
    if (members.length === 0) break;
    after = members.at(-1)!.id;
    const choices = await digestChoices(db, members.map((member) => member.id));
    const due = members.flatMap((member): Due[] => {
      const period = periodFor(choices.get(member.id) ?? 'auto', member, periods, now);
      return period ? [{ member, period }] : [];
    });
    const fresh = await unclaimed(db, due);
    if (fresh.length === 0) continue;
    const withNews = new Set<number>();
    for (const { member, period } of fresh) {
      const locale: Locale = mailLocaleOf(member, settings.language);
      if (await hasNewsFor(db, member, period, { tops, articlesOn: settings.modules.article, locale, now, timeZone: settings.timeZone })) withNews.add(member.id);
    }
    await runWrite(
      ctx,
      async (scope) => {
        let claimed = 0;
        let enqueued = 0;
        for (const { member, period } of fresh) {
          if (!(await claimPeriod(scope.db, member.id, period.key, now))) continue;
          claimed++;
          if (!withNews.has(member.id)) continue;
          await scope.enqueue(digestMailJob, { userId: member.id, period: period.key });
          enqueued++;
        }
        // Counted once the transaction is the one that commits (a retried attempt starts again).
        result.claimed += claimed;
        result.enqueued += enqueued;
      },
      { now },
    );
  }
  return result;
}
