/** The proof-of-work challenge's SQL (issue 28): spent solutions, `challenge_uses`. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Records a challenge as spent; a second insert of the same nonce fails on the primary key. */
export async function insertChallengeUse(db: Kysely<DB>, nonce: string, expireTime: number, now: number): Promise<void> {
  await db.insertInto('challenge_uses').values({ nonce, expire_time: expireTime, create_time: now }).execute();
}

/** Spent challenges past their expiry: a replay of one is refused as expired anyway. */
export async function deleteExpiredChallengeUses(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db.deleteFrom('challenge_uses').where('expire_time', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
