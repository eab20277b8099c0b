/**
 * Sign-in tokens: 256-bit random, handed to the client once, stored only as a SHA-256 digest,
 * expiring after the site's tokenExpireDays (default 30).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { deleteTokenByHash, deleteTokensOfUser, findUserByTokenHash, insertToken, touchToken } from './tokens.repository';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedToken {
  token: string;
  expireTime: number;
}

export async function issueToken(
  db: Kysely<DB>,
  userId: number,
  opts: { now: number; expireDays: number; userAgent: string; ip: string },
): Promise<IssuedToken> {
  const token = newRandomToken();
  const expireTime = opts.now + opts.expireDays * 86_400_000;
  await insertToken(db, { userId, tokenHash: hashToken(token), expireTime, userAgent: opts.userAgent.slice(0, 255), ip: opts.ip }, opts.now);
  return { token, expireTime };
}

/** A session's last use is written at most this often (most requests write nothing). */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

export interface ActiveSession {
  user: UserRow;
  /** The session's row id (the sessions list names it so; never the token or its digest). */
  id: number;
  /** Its last use as stored. */
  seenTime: number;
}

/** The signed-in user and their session for a raw token, or null when unknown or expired. */
export async function sessionForToken(db: Kysely<DB>, token: string, now: number): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await findUserByTokenHash(db, hashToken(token), now);
  if (!row) return null;
  const { token_expire_time: _expire, token_id: id, token_seen_time: seenTime, ...user } = row;
  return { user, id, seenTime };
}

/** The signed-in user for a raw token, or null when unknown or expired. */
export async function userForToken(db: Kysely<DB>, token: string, now: number): Promise<UserRow | null> {
  return (await sessionForToken(db, token, now))?.user ?? null;
}

/** Notes a session's use when its last noted one is older than `SESSION_SEEN_EVERY_MS` (one cheap update, by primary key). */
export async function noteSessionUse(db: Kysely<DB>, session: Pick<ActiveSession, 'id' | 'seenTime'>, now: number, ip: string): Promise<void> {
  if (now - session.seenTime < SESSION_SEEN_EVERY_MS) return;
  await touchToken(db, session.id, now, ip);
}

export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  await deleteTokenByHash(db, hashToken(token));
}

/** Signs the user out everywhere except the session holding `keepToken` (after a password change). */
export async function revokeOtherTokens(db: Kysely<DB>, userId: number, keepToken: string | null): Promise<number> {
  return deleteTokensOfUser(db, userId, keepToken ? hashToken(keepToken) : undefined);
}
