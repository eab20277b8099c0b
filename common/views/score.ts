/** Check-in, score log and rankings as the API and the pages see them (API.md `checkin/*`, `user/score_logs`, `user/score/rank`). */

/** GET checkin/checkin: the reader's check-in state today (the site's time zone). */
export interface CheckinState {
  checkedInToday: boolean;
  /** The streak that is still alive: today's, or yesterday's when not yet checked in today; else 0. */
  consecutiveDays: number;
  /** The last day checked in, yyyymmdd (0: never). */
  latestDay: number;
}

/** POST checkin/checkin: what this check-in made. */
export interface CheckinResult {
  consecutiveDays: number;
  /** The score this check-in earned. */
  score: number;
  checkedInToday: true;
}

/** The causes of a score change (score_logs.type). */
export const SCORE_LOG_TYPES = ['checkin', 'topic', 'topicDeleted', 'article', 'articleDeleted', 'comment', 'commentDeleted', 'like', 'likeRemoved'] as const;
export type ScoreLogType = (typeof SCORE_LOG_TYPES)[number];

/** GET user/score_logs: one change of the reader's score. */
export interface ScoreLogView {
  id: number;
  type: string;
  /** Signed: +5, −1. */
  amount: number;
  /** The cause in the reader's language. */
  reason: string;
  /** topic | article, or '' when the change has no page to show (a check-in, a deleted item). */
  sourceType: string;
  sourceId: number;
  /** The site path of the source ('' when none): the item, anchored at the comment for comment causes. */
  sourceUrl: string;
  createTime: number;
}

/** A member on a ranking. */
export interface RankedUser {
  id: number;
  nickname: string;
  avatar: string;
  smallAvatar: string;
  score: number;
}

/** GET checkin/rank: one of today's earliest check-ins. */
export interface CheckinRankEntry {
  user: RankedUser;
  /** When they checked in (epoch ms). */
  time: number;
  consecutiveDays: number;
}

/** The reader's own numbers on /user/scores. */
export interface ScoreSummary {
  score: number;
  checkin: CheckinState;
}
