/**
 * The check-in and score use cases, one function per action (scores.actions.ts declares who may
 * call each, its limit and its answer): the JSON API and the page loaders run the same ones —
 * the write, or the (briefly cached) read, and the view.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { scoreActions } from '../../../common/actions/scores';
import type { CheckinRankEntry, CheckinResult, CheckinState, RankedUser, ScoreLogView, ScoreSummary } from '../../../common/views/score';
import type { AppContext } from '../../context';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { checkIn, checkinStateOf, todayOf } from './checkins.service';
import { checkinRank, scoreLogPage, scoreRank } from './scores.service';

type Input<K extends keyof typeof scoreActions> = ParsedInputOf<(typeof scoreActions)[K]>;

/** Cache keys of the rankings; every one starts with RANK_CACHE_PREFIX, which the handlers drop. */
export const RANK_CACHE_PREFIX = 'score|';
const SCORE_RANK_KEY = `${RANK_CACHE_PREFIX}rank`;
const checkinRankKey = (day: number) => `${RANK_CACHE_PREFIX}checkins|${day}`;

/** A list through the feed micro-cache (it holds pages): shared by concurrent misses, dropped on change. */
async function cachedList<T>(ctx: AppContext, key: string, now: number, load: () => Promise<T[]>): Promise<T[]> {
  const page = await ctx.feedCache.get(key, now, async () => ({ results: await load(), cursor: '', hasMore: false }));
  return page.results;
}

/** POST checkin/checkin, inside the transaction: once a day (409 after). */
export function checkin({ scope, caller }: WriteCall<Input<'checkin'>, undefined>): Promise<CheckinResult> {
  return checkIn(scope, memberOf(caller));
}

/** GET checkin/checkin: the reader's state today. */
export function checkinState({ db, caller, settings }: ReadCall<unknown, undefined>): Promise<CheckinState> {
  return checkinStateOf(db, memberOf(caller).id, todayOf(caller.now, settings.timeZone));
}

/** /user/scores: the reader's score and check-in state. */
export async function scoreSummary(call: ReadCall<Input<'summary'>, undefined>): Promise<ScoreSummary> {
  return { score: memberOf(call.caller).score, checkin: await checkinState(call) };
}

/** GET user/score_logs: a page of the reader's score log, newest first. */
export function scoreLogs({ db, caller, input }: ReadCall<Input<'logs'>, undefined>): Promise<Page<ScoreLogView>> {
  return scoreLogPage(db, memberOf(caller).id, input.cursor, caller.locale);
}

/** GET user/score/rank: the top members by score (public). */
export function scoreRanking({ ctx, db, caller }: ReadCall<Input<'rank'>, undefined>): Promise<RankedUser[]> {
  return cachedList(ctx, SCORE_RANK_KEY, caller.now, () => scoreRank(db));
}

/** GET checkin/rank: today's earliest check-ins (public). */
export function todayCheckins({ ctx, db, caller, settings }: ReadCall<Input<'checkinRank'>, undefined>): Promise<CheckinRankEntry[]> {
  const day = todayOf(caller.now, settings.timeZone);
  return cachedList(ctx, checkinRankKey(day), caller.now, () => checkinRank(db, day));
}

/** The handlers' side: a score or a check-in moved, so the rankings are read afresh. */
export function dropRankings(ctx: AppContext): void {
  ctx.feedCache.clear(RANK_CACHE_PREFIX);
}
