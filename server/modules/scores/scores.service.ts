/**
 * Scores: what each cause earns (the `scoreRules` setting), applied to the member's score through
 * the users service and logged in the same transaction (the handlers of scores.feature.ts call
 * these inside the write that caused them). A reversal takes back what its source earned, no
 * more, and never below zero unless the rules allow it.
 */
import type { Kysely } from 'kysely';
import { translator } from '../../../common/i18n';
import type { Locale } from '../../../common/constants';
import { SCORE_LOG_TYPES, type CheckinRankEntry, type RankedUser, type ScoreLogView } from '../../../common/views/score';
import type { DB, ScoreLogRow } from '../../db/schema';
import type { WriteScope } from '../../kernel/events';
import { pageById, mapPage, type Page } from '../../kernel/paging';
import type { Settings } from '../settings/settings.api';
import { moveScore, topScorers, usersByIds } from '../users/users.api';
import { findEarliestCheckins, findScoreLogPage, insertScoreLog, sumEarned, unlinkSource } from './scores.repository';

export type ScoreRules = Settings['scoreRules'];

/** Where a change came from: the topic or article (and the comment on it), or nothing. */
export interface ScoreSource {
  type: string;
  id: number;
  commentId: number;
}

export const NO_SOURCE: ScoreSource = { type: '', id: 0, commentId: 0 };

/** Score log page size; rankings' length. */
export const SCORE_LOG_PAGE = 20;
export const RANK_SIZE = 10;

export async function rulesOf(scope: WriteScope): Promise<ScoreRules> {
  return (await scope.ctx.settings.get(scope.db)).scoreRules;
}

/**
 * Moves the member's score by `amount` and logs what was applied (nothing when nothing moved),
 * recording `score.changed` for the rankings' caches.
 */
export async function applyScore(scope: WriteScope, userId: number, type: string, amount: number, source: ScoreSource, rules: ScoreRules): Promise<number> {
  const applied = await moveScore(scope.db, userId, amount, scope.now, { allowNegative: rules.allowNegative });
  if (applied === 0) return 0;
  await insertScoreLog(scope.db, {
    user_id: userId,
    type,
    amount: applied,
    source_type: source.type,
    source_id: source.id,
    comment_id: source.commentId,
    linked: 1,
    create_time: scope.now,
    update_time: scope.now,
  });
  await scope.emit('score.changed', { userId, amount: applied });
  return applied;
}

/**
 * Takes back what `source` earned the member through `earnedBy` (at most `cap` of it, when
 * given: one like of several), logged as `type`. A source that earned nothing (or whose earnings
 * were already taken back) moves nothing.
 */
export async function takeBack(scope: WriteScope, userId: number, type: string, source: ScoreSource, earnedBy: readonly string[], rules: ScoreRules, cap?: number): Promise<void> {
  const earned = await sumEarned(scope.db, userId, source, [...earnedBy, type]);
  const amount = cap === undefined ? earned : Math.min(earned, cap);
  if (amount > 0) await applyScore(scope, userId, type, -amount, source, rules);
}

/** The item was deleted: its rows stop linking to it. */
export function unlink(scope: WriteScope, source: { type: string; id: number }): Promise<void> {
  return unlinkSource(scope.db, source, scope.now);
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(SCORE_LOG_TYPES);

function sourceUrlOf(row: ScoreLogRow): string {
  if (!row.linked || !row.source_type || !row.source_id) return '';
  return `/${row.source_type}/${row.source_id}${row.comment_id ? `#comment-${row.comment_id}` : ''}`;
}

export function presentScoreLog(row: ScoreLogRow, locale: Locale): ScoreLogView {
  const t = translator(locale);
  const url = sourceUrlOf(row);
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    reason: t(KNOWN_TYPES.has(row.type) ? `score.reason.${row.type}` : 'score.reason.other'),
    sourceType: url ? row.source_type : '',
    sourceId: url ? row.source_id : 0,
    sourceUrl: url,
    createTime: row.create_time,
  };
}

/** A page of the member's score log, newest first: one query. */
export async function scoreLogPage(db: Kysely<DB>, userId: number, cursor: string | undefined, locale: Locale): Promise<Page<ScoreLogView>> {
  const page = await pageById(cursor, SCORE_LOG_PAGE, (afterId, count) => findScoreLogPage(db, userId, afterId, count));
  return mapPage(page, (rows) => rows.map((row) => presentScoreLog(row, locale)));
}

function ranked(user: { id: number; nickname: string; avatar: string; score: number }): RankedUser {
  return { id: user.id, nickname: user.nickname, avatar: user.avatar, smallAvatar: user.avatar, score: user.score };
}

/** The score ranking: the top members, one query. */
export async function scoreRank(db: Kysely<DB>): Promise<RankedUser[]> {
  return (await topScorers(db, RANK_SIZE)).map(ranked);
}

/** Today's earliest check-ins with their members: two queries. */
export async function checkinRank(db: Kysely<DB>, day: number): Promise<CheckinRankEntry[]> {
  const rows = await findEarliestCheckins(db, day, RANK_SIZE);
  const users = new Map((await usersByIds(db, rows.map((r) => r.user_id))).map((u) => [u.id, u]));
  return rows.flatMap((row) => {
    const user = users.get(row.user_id);
    return user && user.status === 0 ? [{ user: ranked(user), time: row.create_time, consecutiveDays: row.consecutive_days }] : [];
  });
}
