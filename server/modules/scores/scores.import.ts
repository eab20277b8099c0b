/**
 * Check-ins and score history brought in from another forum (the importer, issue 33). The
 * member's score itself arrives with the member (users.import.ts): these rows are its history,
 * so they move no score here.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { insertCheckinIfAbsent, insertScoreLog } from './scores.repository';

/**
 * A member's latest check-in and streak there (bbs-go keeps only that): one row for that day.
 * Answers false when the member already has a check-in on that day here.
 */
export function importCheckin(db: Kysely<DB>, checkin: { userId: number; day: number; consecutiveDays: number; time: number }): Promise<boolean> {
  return insertCheckinIfAbsent(db, { user_id: checkin.userId, day: checkin.day, consecutive_days: checkin.consecutiveDays, score: 0, create_time: checkin.time, update_time: checkin.time });
}

export interface ImportedScoreLog {
  userId: number;
  /** checkin | topic | article | comment | like, or another cause shown as "other". */
  type: string;
  /** Signed. */
  amount: number;
  /** The topic or article here the change came from ('' / 0 none). */
  sourceType: string;
  sourceId: number;
  createTime: number;
}

export async function importScoreLog(db: Kysely<DB>, log: ImportedScoreLog): Promise<void> {
  await insertScoreLog(db, {
    user_id: log.userId,
    type: log.type,
    amount: log.amount,
    source_type: log.sourceType,
    source_id: log.sourceId,
    comment_id: 0,
    linked: log.sourceId ? 1 : 0,
    create_time: log.createTime,
    update_time: log.createTime,
  });
}
