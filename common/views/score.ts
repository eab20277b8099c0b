/** Check-in, score log and rankings as the API and the pages see them (API.md `checkin/*`, `user/score_logs`, `user/score/rank`). */
import { z } from '../zod';

/** GET checkin/checkin: the reader's check-in state today (the site's time zone). */
export const checkinStateSchema = z.strictObject({
  checkedInToday: z.boolean(),
  /** The streak that is still alive: today's, or yesterday's when not yet checked in today; else 0. */
  consecutiveDays: z.number(),
  /** The last day checked in, yyyymmdd (0: never). */
  latestDay: z.number(),
}).meta({ id: 'CheckinState' });
export type CheckinState = z.infer<typeof checkinStateSchema>;

/** POST checkin/checkin: what this check-in made. */
export const checkinResultSchema = z.strictObject({
  consecutiveDays: z.number(),
  /** The score this check-in earned. */
  score: z.number(),
  checkedInToday: z.literal(true),
}).meta({ id: 'CheckinResult' });
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** The causes of a score change (score_logs.type). */
export const SCORE_LOG_TYPES = ['checkin', 'topic', 'topicDeleted', 'article', 'articleDeleted', 'comment', 'commentDeleted', 'like', 'likeRemoved'] as const;
export type ScoreLogType = (typeof SCORE_LOG_TYPES)[number];

/** GET user/score_logs: one change of the reader's score. */
export const scoreLogViewSchema = z.strictObject({
  id: z.number(),
  type: z.string(),
  /** Signed: +5, −1. */
  amount: z.number(),
  /** The cause in the reader's language. */
  reason: z.string(),
  /** topic | article, or '' when the change has no page to show (a check-in, a deleted item). */
  sourceType: z.string(),
  sourceId: z.number(),
  /** The site path of the source ('' when none): the item, anchored at the comment for comment causes. */
  sourceUrl: z.string(),
  createTime: z.number(),
}).meta({ id: 'ScoreLogView' });
export type ScoreLogView = z.infer<typeof scoreLogViewSchema>;

/** A member on a ranking. */
export const rankedUserSchema = z.strictObject({
  id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  smallAvatar: z.string(),
  score: z.number(),
}).meta({ id: 'RankedUser' });
export type RankedUser = z.infer<typeof rankedUserSchema>;

/** GET checkin/rank: one of today's earliest check-ins. */
export const checkinRankEntrySchema = z.strictObject({
  user: rankedUserSchema,
  /** When they checked in (epoch ms). */
  time: z.number(),
  consecutiveDays: z.number(),
}).meta({ id: 'CheckinRankEntry' });
export type CheckinRankEntry = z.infer<typeof checkinRankEntrySchema>;

/** The reader's own numbers on /user/scores. */
export const scoreSummarySchema = z.strictObject({ score: z.number(), checkin: checkinStateSchema }).meta({ id: 'ScoreSummary' });
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;
