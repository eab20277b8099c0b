/** All SQL touching `digest_sends`: a member's period claimed once (digest_sends_uq on user_id, period). */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

/** Which of these members already have a claim on `period` (a batch's one read before it claims). */
export async function findClaimed(db: Kysely<DB>, userIds: readonly number[], period: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('digest_sends').select('user_id').where('period', '=', period).where('user_id', 'in', [...userIds]).execute();
  return new Set(rows.map((row) => Number(row.user_id)));
}

/**
 * Claims a member's period unless it is claimed: answers whether this call did. The unique key
 * decides between two processes (the second insert waits for the first's commit, then ignores).
 */
export async function claimPeriod(db: Kysely<DB>, userId: number, period: string, now: number): Promise<boolean> {
  const query = db.insertInto('digest_sends').values({ user_id: userId, period, create_time: now, update_time: now });
  switch (dialectOf(db)) {
    case 'mysql': {
      const result = await query.ignore().executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    }
    case 'postgres': {
      const row = await query.onConflict((oc) => oc.columns(['user_id', 'period']).doNothing()).returning('id').executeTakeFirst();
      return row !== undefined;
    }
    case 'sqlite': {
      const row = await query.orIgnore().returning('id').executeTakeFirst();
      return row !== undefined;
    }
  }
}

/** The digest periods claimed for a member (their account erased, issue 29). */
export async function deleteDigestSendsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('digest_sends').where('user_id', '=', userId).execute();
}
