/** All SQL touching `users`. */
import { sql, type Kysely } from 'kysely';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { dialectOf } from '../../db/database';
import { findRowsByIds, insertReturningId } from '../../db/helpers';
import type { CountedKind } from '../../kernel/events';

export async function insertUser(db: Kysely<DB>, values: NewUser): Promise<number> {
  return insertReturningId(db, 'users', values);
}

export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUsersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  return findRowsByIds(db, 'users', ids);
}

/** E-mails are stored lower-cased, so lookups are case-insensitive on every engine. */
export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * Usernames are found regardless of case. MySQL's collation already compares that way (and can
 * use the plain unique index); SQLite and PostgreSQL use the index on lower(username)
 * (migration 2026112210_username_ci).
 */
export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll();
  if (dialectOf(db) === 'mysql') return query.where('username', '=', username).executeTakeFirst();
  return query.where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
}

/** Sets the username only while none is set; false when one already was (set once, spec §5). */
export async function setUsernameIfUnset(db: Kysely<DB>, id: number, username: string, now: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ username, update_time: now }).where('id', '=', id).where('username', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the password hash only while none is set; false when one already was. */
export async function setPasswordHashIfUnset(db: Kysely<DB>, id: number, passwordHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, update_time: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('password_hash', 'is', null), eb('password_hash', '=', '')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateUser(db: Kysely<DB>, id: number, values: UserUpdate): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Every administrator's and moderator's names (whose look-alikes are reserved: ./names.ts). */
export async function findStaffNames(db: Kysely<DB>): Promise<Array<Pick<UserRow, 'id' | 'nickname' | 'username'>>> {
  return db.selectFrom('users').select(['id', 'nickname', 'username']).where('role', 'in', ['admin', 'moderator']).execute();
}

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a member's published-topic count (in the caller's transaction). */
/** A member's published posts of each counted kind. */
const POST_COUNT = { topic: 'topic_count', article: 'article_count' } as const satisfies Record<CountedKind, keyof UserRow>;

/** Moves a member's published topic or article count (in the caller's transaction). */
export async function bumpUserPostCount(db: Kysely<DB>, kind: CountedKind, userId: number, delta: number, now: number): Promise<void> {
  if (delta === 0) return;
  const count = sql.ref(POST_COUNT[kind]);
  await sql`update users set ${count} = ${count} + ${delta}, update_time = ${now} where id = ${userId}`.execute(db);
}

/** Moves a member's published-comment count, never below zero (in the caller's transaction). */
export async function bumpUserCommentCount(db: Kysely<DB>, userId: number, delta: number, now: number): Promise<void> {
  if (delta === 0) return;
  await sql`update users set comment_count = case when comment_count + ${delta} < 0 then 0 else comment_count + ${delta} end, update_time = ${now} where id = ${userId}`.execute(db);
}

/** Sets or lifts a ban (`until` 0 lifts it; the reason goes with it). */
export async function setForbidden(db: Kysely<DB>, id: number, until: number, reason: string, now: number): Promise<void> {
  await db.updateTable('users').set({ forbidden_until: until, forbidden_reason: reason, update_time: now }).where('id', '=', id).execute();
}

/** Members whose ban runs at `now` (forever ones first, then by the soonest end), one offset page. */
export async function findBannedUsers(db: Kysely<DB>, now: number, offset: number, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('forbidden_until', '=', -1), eb('forbidden_until', '>', now)]))
    .orderBy('forbidden_until', 'asc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countBannedUsers(db: Kysely<DB>, now: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('forbidden_until', '=', -1), eb('forbidden_until', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
