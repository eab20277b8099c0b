/**
 * The check-in and score use cases, for the JSON routes and the page loaders alike: who may act,
 * the settings, the write or the (briefly cached) read, the view.
 */
import type { CheckinRankEntry, CheckinResult, CheckinState, RankedUser, ScoreLogView, ScoreSummary } from '../../../common/views/score';
import { cursorQuery } from '../../../common/validation/fields';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { runWrite } from '../../kernel/write';
import { isModerator, requireWriter } from '../../policy/permissions';
import { checkIn, checkinStateOf, todayOf } from './checkins.service';
import { checkinRank, scoreLogPage, scoreRank } from './scores.service';

/** Cache keys of the rankings; every one starts with RANK_CACHE_PREFIX, which the handlers drop. */
export const RANK_CACHE_PREFIX = 'score|';
const SCORE_RANK_KEY = `${RANK_CACHE_PREFIX}rank`;
const checkinRankKey = (day: number) => `${RANK_CACHE_PREFIX}checkins|${day}`;

function reader(caller: Pick<ViewerContext, 'viewer'>): UserRow {
  if (!caller.viewer) throw errors.notSignedIn();
  return caller.viewer;
}

/** A list through the feed micro-cache (it holds pages): shared by concurrent misses, dropped on change. */
async function cachedList<T>(ctx: AppContext, key: string, now: number, load: () => Promise<T[]>): Promise<T[]> {
  const page = await ctx.feedCache.get(key, now, async () => ({ results: await load(), cursor: '', hasMore: false }));
  return page.results;
}

/** POST checkin/checkin: signed in and not banned, a few clicks a minute, then once a day. */
export async function checkin(ctx: AppContext, caller: Caller): Promise<CheckinResult> {
  const db = requireDb(ctx);
  const user = caller.viewer;
  requireWriter(user, caller.now);
  if (!isModerator(user)) {
    const settings = await ctx.settings.get(db);
    await ctx.limiter.consume({ name: 'checkin:user', ...settings.checkinLimits.perUser }, String(user.id));
  }
  return runWrite(ctx, (scope) => checkIn(scope, user), { now: caller.now });
}

/** GET checkin/checkin: the reader's state today. */
export async function checkinInfo(ctx: AppContext, caller: ViewerContext): Promise<CheckinState> {
  const db = requireDb(ctx);
  const user = reader(caller);
  const { timeZone } = await ctx.settings.get(db);
  return checkinStateOf(db, user.id, todayOf(caller.now, timeZone));
}

/** /user/scores: the reader's score and check-in state. */
export async function scoreSummary(ctx: AppContext, caller: ViewerContext): Promise<ScoreSummary> {
  const user = reader(caller);
  return { score: user.score, checkin: await checkinInfo(ctx, caller) };
}

/** GET user/score_logs: a page of the reader's score log, newest first (401 before a bad cursor's 400). */
export function scoreLogs(ctx: AppContext, caller: ViewerContext, query: unknown): Promise<Page<ScoreLogView>> {
  const db = requireDb(ctx);
  const user = reader(caller);
  const { cursor } = parseInput(cursorQuery, query);
  return scoreLogPage(db, user.id, cursor, caller.locale);
}

/** GET user/score/rank: the top members by score (public). */
export function scoreRanking(ctx: AppContext, caller: Pick<ViewerContext, 'now'>): Promise<RankedUser[]> {
  const db = requireDb(ctx);
  return cachedList(ctx, SCORE_RANK_KEY, caller.now, () => scoreRank(db));
}

/** GET checkin/rank: today's earliest check-ins (public). */
export async function todayCheckins(ctx: AppContext, caller: Pick<ViewerContext, 'now'>): Promise<CheckinRankEntry[]> {
  const db = requireDb(ctx);
  const day = todayOf(caller.now, (await ctx.settings.get(db)).timeZone);
  return cachedList(ctx, checkinRankKey(day), caller.now, () => checkinRank(db, day));
}

/** The handlers' side: a score or a check-in moved, so the rankings are read afresh. */
export function dropRankings(ctx: AppContext): void {
  ctx.feedCache.clear(RANK_CACHE_PREFIX);
}
