import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { stamps } from '../../db/helpers';

export async function insertToken(
  db: Kysely<DB>,
  row: { userId: number; tokenHash: string; expireTime: number; userAgent: string; ip: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('user_tokens')
    .values({ user_id: row.userId, token_hash: row.tokenHash, expire_time: row.expireTime, user_agent: row.userAgent, ip: row.ip, ...stamps(now) })
    .execute();
}

/** The user owning an unexpired token, in one query. */
export async function findUserByTokenHash(db: Kysely<DB>, tokenHash: string, now: number): Promise<(UserRow & { token_expire_time: number }) | undefined> {
  return db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .selectAll('users')
    .select('user_tokens.expire_time as token_expire_time')
    .where('user_tokens.token_hash', '=', tokenHash)
    .where('user_tokens.expire_time', '>', now)
    .where('users.status', '=', 0)
    .executeTakeFirst();
}

export async function deleteTokenByHash(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('token_hash', '=', tokenHash).execute();
}

export async function deleteTokensOfUser(db: Kysely<DB>, userId: number, exceptHash?: string): Promise<void> {
  let query = db.deleteFrom('user_tokens').where('user_id', '=', userId);
  if (exceptHash) query = query.where('token_hash', '!=', exceptHash);
  await query.execute();
}

/** Housekeeping: deletes sessions that expired before `before`; answers how many. */
export async function deleteExpiredTokens(db: Kysely<DB>, before: number): Promise<number> {
  const result = await db.deleteFrom('user_tokens').where('expire_time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every session of a member (their account erased, issue 29). */
export async function deleteTokensOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}
