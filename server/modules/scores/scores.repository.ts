/** All SQL touching `checkins` and `score_logs`. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { CheckinRow, DB, ScoreLogRow } from '../../db/schema';
import { prepared } from '../../db/prepared';

/** A member's latest check-in (their current or broken streak), if any. */
export async function findLatestCheckin(db: Kysely<DB>, userId: number): Promise<CheckinRow | undefined> {
  return db.selectFrom('checkins').selectAll().where('user_id', '=', userId).orderBy('day', 'desc').limit(1).executeTakeFirst();
}

/**
 * Inserts the check-in unless the member already has one for that day: the unique key
 * (user_id, day) decides, so concurrent clicks, even from other processes, cannot both land.
 * Answers whether it was inserted.
 */
export async function insertCheckinIfAbsent(db: Kysely<DB>, values: Omit<CheckinRow, 'id'>): Promise<boolean> {
  const query = db.insertInto('checkins').values(values);
  const result =
    dialectOf(db) === 'postgres'
      ? await query.onConflict((oc) => oc.columns(['user_id', 'day']).doNothing()).executeTakeFirst()
      : await query.ignore().executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The first `limit` check-ins of `day`, earliest first (checkins_day_idx). */
export async function findEarliestCheckins(db: Kysely<DB>, day: number, limit: number): Promise<CheckinRow[]> {
  return db.selectFrom('checkins').selectAll().where('day', '=', day).orderBy('id', 'asc').limit(limit).execute();
}

/** Every score change writes one (a reply: its author's): built once per engine (db/prepared.ts). */
const scoreLogInserted = prepared((db, p: Omit<ScoreLogRow, 'id'>) =>
  db.insertInto('score_logs').values({
    user_id: p.user_id,
    type: p.type,
    amount: p.amount,
    source_type: p.source_type,
    source_id: p.source_id,
    comment_id: p.comment_id,
    linked: p.linked,
    create_time: p.create_time,
    update_time: p.update_time,
  }),
);

export async function insertScoreLog(db: Kysely<DB>, values: Omit<ScoreLogRow, 'id'>): Promise<void> {
  await scoreLogInserted.run(db, values);
}

/** The net of what one source's rows of these types gave `userId` (what a reversal may take back). */
export async function sumEarned(db: Kysely<DB>, userId: number, source: { type: string; id: number; commentId: number }, types: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('score_logs')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .where('user_id', '=', userId)
    .where('comment_id', '=', source.commentId)
    .where('type', 'in', [...types])
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The item is gone: no row of the log links to it any more (score_logs_source_idx). */
export async function unlinkSource(db: Kysely<DB>, source: { type: string; id: number }, now: number): Promise<void> {
  await db.updateTable('score_logs').set({ linked: 0, update_time: now }).where('source_type', '=', source.type).where('source_id', '=', source.id).where('linked', '=', 1).execute();
}

/** One keyset page of a member's score log, newest first; `beforeId` is the last id seen. */
export async function findScoreLogPage(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<ScoreLogRow[]> {
  let query = db.selectFrom('score_logs').selectAll().where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** A member's check-ins and score log (their account erased, issue 29). */
export async function deleteScoresOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('checkins').where('user_id', '=', userId).execute();
  await db.deleteFrom('score_logs').where('user_id', '=', userId).execute();
}

/** A member's score log, oldest first (their archive, issue 29). */
export async function findScoreLogOf(db: Kysely<DB>, userId: number): Promise<Array<{ type: string; amount: number; source_type: string; source_id: number; create_time: number }>> {
  return db.selectFrom('score_logs').select(['type', 'amount', 'source_type', 'source_id', 'create_time']).where('user_id', '=', userId).orderBy('id').execute();
}
