import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { stamps } from '../../db/helpers';
import { prepared } from '../../db/prepared';

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

/** The user owning an unexpired token, in one query (with the session's row id and last use). */
// Every signed-in request reads its session: built once (db/prepared.ts).
const userByTokenHash = prepared((db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .selectAll('users')
    .select(['user_tokens.expire_time as token_expire_time', 'user_tokens.id as token_id', 'user_tokens.update_time as token_seen_time'])
    .where('user_tokens.token_hash', '=', p.tokenHash)
    .where('user_tokens.expire_time', '>', p.now)
    .where('users.status', '=', 0),
);

export async function findUserByTokenHash(
  db: Kysely<DB>,
  tokenHash: string,
  now: number,
): Promise<(UserRow & { token_expire_time: number; token_id: number; token_seen_time: number }) | undefined> {
  return userByTokenHash.first(db, { tokenHash, now });
}

export async function deleteTokenByHash(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('token_hash', '=', tokenHash).execute();
}

export async function deleteTokensOfUser(db: Kysely<DB>, userId: number, exceptHash?: string): Promise<number> {
  let query = db.deleteFrom('user_tokens').where('user_id', '=', userId);
  if (exceptHash) query = query.where('token_hash', '!=', exceptHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A session used again: its last use and address (the sessions list's "last seen" and place). */
export async function touchToken(db: Kysely<DB>, id: number, now: number, ip: string): Promise<void> {
  await db.updateTable('user_tokens').set({ update_time: now, ip }).where('id', '=', id).execute();
}

export interface SessionRow {
  id: number;
  token_hash: string;
  user_agent: string;
  ip: string;
  create_time: number;
  update_time: number;
}

/** A member's unexpired sessions, last used first. */
export async function findTokensOfUser(db: Kysely<DB>, userId: number, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('user_tokens')
    .select(['id', 'token_hash', 'user_agent', 'ip', 'create_time', 'update_time'])
    .where('user_id', '=', userId)
    .where('expire_time', '>', now)
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Ends one of a member's sessions by its row id (another member's id ends nothing). */
export async function deleteTokenOfUser(db: Kysely<DB>, userId: number, id: number): Promise<number> {
  const result = await db.deleteFrom('user_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
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
