/** All SQL touching `users`. */
import { sql, type Kysely } from 'kysely';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { dialectOf } from '../../db/database';
import { findRowsByIds, insertReturningId, lockedRead, timeBucket } from '../../db/helpers';
import type { CountedKind } from '../../kernel/content-events';

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

/** Replaces the password hash only while it is still `expected` (a change in between wins); answers whether it did. */
export async function replacePasswordHashIf(db: Kysely<DB>, id: number, expected: string, passwordHash: string, now: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ password_hash: passwordHash, update_time: now }).where('id', '=', id).where('password_hash', '=', expected).executeTakeFirst();
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

/** Adds `delta` to a member's score (in the caller's transaction; locks the member's row). */
export async function addUserScore(db: Kysely<DB>, userId: number, delta: number, now: number): Promise<void> {
  await sql`update users set score = score + ${delta}, update_time = ${now} where id = ${userId}`.execute(db);
}

/** A member's score, the row locked until the transaction ends (MySQL, PostgreSQL). */
export async function readUserScoreLocked(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await lockedRead(db, db.selectFrom('users').select('score').where('id', '=', userId));
  return row?.score ?? 0;
}

/** Active members with a score above zero, highest first (ties: the newer member first, one backward range of users_score_idx). */
export async function findTopScorers(db: Kysely<DB>, limit: number): Promise<Array<Pick<UserRow, 'id' | 'nickname' | 'avatar' | 'score'>>> {
  return db
    .selectFrom('users')
    .select(['id', 'nickname', 'avatar', 'score'])
    .where('score', '>', 0)
    .where('status', '=', 0)
    .orderBy('score', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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

/**
 * The search's users tab: active members whose username or nickname contains `needle` (already
 * lower-cased), newest first by keyset on id. LIKE's wildcards in the needle are escaped; names
 * are short and members far fewer than posts, so the scan stays cheap.
 */
export async function findUsersByName(db: Kysely<DB>, needle: string, beforeId: number | null, limit: number): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().where('status', '=', 0).where(nameContains(needle));
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** How many active members `findUsersByName` finds in all. */
export async function countUsersByName(db: Kysely<DB>, needle: string): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '=', 0).where(nameContains(needle)).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Active members whose username or nickname starts with `prefix` (case-insensitive), the ones
 * the prefix names exactly first, then by id: the editor's @-mention suggestions.
 */
export async function findUsersByNamePrefix(db: Kysely<DB>, prefix: string, limit: number): Promise<UserRow[]> {
  const lower = prefix.toLowerCase();
  const pattern = `${lower.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where('status', '=', 0)
    .where(sql<boolean>`(lower(nickname) like ${pattern} escape '!' or lower(coalesce(username, '')) like ${pattern} escape '!')`)
    .orderBy(sql`case when lower(coalesce(username, '')) = ${lower} or lower(nickname) = ${lower} then 0 else 1 end`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Active members among these usernames, whatever their case (Markdown's `@username`). */
export async function findActiveUsersByUsernames(db: Kysely<DB>, usernames: readonly string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return [];
  const lower = [...new Set(usernames.map((name) => name.toLowerCase()))];
  return db.selectFrom('users').selectAll().where('status', '=', 0).where(sql<string>`lower(username)`, 'in', lower).execute();
}

function nameContains(needle: string) {
  // '!' escapes: a backslash would need quoting differently on MySQL than elsewhere.
  const pattern = `%${needle.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
  return sql<boolean>`(lower(nickname) like ${pattern} escape '!' or lower(coalesce(username, '')) like ${pattern} escape '!')`;
}

/**
 * Active members among `ids`, locked until the transaction ends, taken in id order (one lock
 * order for every follow, so concurrent follows of one member queue instead of deadlocking).
 * SQLite locks the whole file for a write: no row locks to take.
 */
export async function lockActiveUsers(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  const query = db.selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).where('status', '=', 0).orderBy('id');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

/** Moves a member's follow count or fans count, never below zero (in the caller's transaction). */
export async function bumpUserFollowCount(db: Kysely<DB>, column: 'follow_count' | 'fans_count', userId: number, delta: number, now: number): Promise<void> {
  if (delta === 0) return;
  const count = sql.ref(column);
  await sql`update users set ${count} = case when ${count} + ${delta} < 0 then 0 else ${count} + ${delta} end, update_time = ${now} where id = ${userId}`.execute(db);
}

/** The most followed active members (at least one fan), most fans first. */
export async function findMostFollowed(db: Kysely<DB>, limit: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('status', '=', 0).where('fans_count', '>', 0).orderBy('fans_count', 'desc').orderBy('id').limit(limit).execute();
}

/** How many members are under a running ban. */
export async function countBannedUsers(db: Kysely<DB>, now: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('forbidden_until', '=', -1), eb('forbidden_until', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members (every account, as the dashboard counts them) and how many signed up per bucket since `since`. */
export async function countAllMembers(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSignupsByBucket(db: Kysely<DB>, since: number, bucketMs: number): Promise<Array<{ bucket: number; n: number }>> {
  const bucket = timeBucket(db, 'create_time', bucketMs);
  const rows = await db
    .selectFrom('users')
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number>().as('n')])
    .where('create_time', '>=', since)
    .groupBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), n: Number(row.n) }));
}

/** What the back office's member list filters by (each optional; all given must match). */
export interface MemberFilter {
  /** A part of the nickname, username or e-mail, lower-cased. */
  needle?: string;
  role?: string;
  /** Only members under a running ban at `now`. */
  banned?: boolean;
  /** Only members whose VIP runs at `now`. */
  vip?: boolean;
  now: number;
}

function membersMatching(db: Kysely<DB>, filter: MemberFilter) {
  let query = db.selectFrom('users').where('status', '=', 0);
  if (filter.needle) {
    const pattern = `%${filter.needle.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
    query = query.where(
      sql<boolean>`(lower(nickname) like ${pattern} escape '!' or lower(coalesce(username, '')) like ${pattern} escape '!' or lower(coalesce(email, '')) like ${pattern} escape '!')`,
    );
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.banned) query = query.where((eb) => eb.or([eb('forbidden_until', '=', -1), eb('forbidden_until', '>', filter.now)]));
  if (filter.vip) query = query.where((eb) => eb.or([eb('vip_expire_time', '=', -1), eb('vip_expire_time', '>', filter.now)]));
  return query;
}

const MEMBER_ORDER = { newest: 'id', score: 'score', topics: 'topic_count' } as const;

/** One offset page of active members matching `filter`, in `sort` order (ties: newest first). */
export function findMembersPage(db: Kysely<DB>, filter: MemberFilter, sort: keyof typeof MEMBER_ORDER, offset: number, limit: number): Promise<UserRow[]> {
  let query = membersMatching(db, filter).selectAll();
  if (sort !== 'newest') query = query.orderBy(MEMBER_ORDER[sort], 'desc');
  return query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countMembers(db: Kysely<DB>, filter: MemberFilter): Promise<number> {
  const row = await membersMatching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The admins' rows, locked until the transaction ends (id order). A role change that could take
 * the role from an admin reads them first: two admins demoting each other at once queue here,
 * and the second sees the first's change (a locking read sees the latest committed row on MySQL
 * and PostgreSQL; SQLite runs one write at a time).
 */
export function lockAdmins(db: Kysely<DB>): Promise<Array<{ id: number }>> {
  const query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 0).orderBy('id');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

/** Sets the role only while it is still `from` (a concurrent change wins once); answers whether it changed. */
export async function setRoleIf(db: Kysely<DB>, id: number, from: string, to: string, now: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ role: to, update_time: now }).where('id', '=', id).where('role', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the e-mail verified while it is not (answers whether it changed). */
export async function setEmailVerified(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ email_verified: 1, update_time: now }).where('id', '=', id).where('email_verified', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a member's VIP expiry (−1 forever, 0 none, else epoch ms). */
export async function setVipExpireTime(db: Kysely<DB>, id: number, until: number, now: number): Promise<void> {
  await db.updateTable('users').set({ vip_expire_time: until, update_time: now }).where('id', '=', id).execute();
}

/** Active members whose VIP ends in (from, to], soonest first (one range of users_vip_expire_idx). */
export async function findVipEndingBetween(db: Kysely<DB>, from: number, to: number, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('vip_expire_time', '>', from)
    .where('vip_expire_time', '<=', to)
    .where('status', '=', 0)
    .orderBy('vip_expire_time')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Notes a signed-in request: `last_seen_time` and `locale`, only when the last note is older
 * than `before` (the condition makes concurrent requests of one member write once).
 */
export async function touchSeen(db: Kysely<DB>, id: number, locale: string, now: number, before: number): Promise<void> {
  await db.updateTable('users').set({ last_seen_time: now, locale }).where('id', '=', id).where('last_seen_time', '<', before).execute();
}

/** What the digest needs of a member it may mail. */
export interface MailableMember {
  id: number;
  email: string;
  nickname: string;
  locale: string;
  last_seen_time: number;
  create_time: number;
}

function mailableMembers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'nickname', 'locale', 'last_seen_time', 'create_time'])
    .where('status', '=', 0)
    .where('email_verified', '=', 1)
    .where('email', 'is not', null);
}

/** One keyset page (by id) of members with a verified address, not deleted: the digest's batch. */
export async function findMailableMembersAfter(db: Kysely<DB>, afterId: number, limit: number): Promise<MailableMember[]> {
  const rows = await mailableMembers(db).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, email: row.email ?? '' }));
}

/** The member when they have a verified address and are not deleted (the digest's mail job). */
export async function findMailableMember(db: Kysely<DB>, id: number): Promise<MailableMember | null> {
  const row = await mailableMembers(db).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, email: row.email ?? '' } : null;
}

/**
 * An erased member's row (issue 29): what named or reached them cleared, the status "deleted" (no
 * sign-in, a tombstone for a profile); the id and counters stay, so their kept posts still count
 * and show under "Deleted member".
 */
export async function anonymiseUser(db: Kysely<DB>, id: number, nickname: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ username: null, email: null, email_verified: 0, nickname, avatar: '', signature: '', home_page: '', password_hash: null, background: '', locale: '', status: 1, last_seen_time: 0, update_time: now })
    .where('id', '=', id)
    .execute();
}

/** Whether an active or deleted member already shows this nickname (whatever its case): the importer gives a second one a number. */
export async function nicknameTaken(db: Kysely<DB>, nickname: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase()).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Every member's counters from the rows they count (the importer's recount, issue 33): published
 * topics and tweets, published articles, published comments, and follows both ways.
 */
export async function recountMemberCounters(db: Kysely<DB>): Promise<void> {
  const published = 0;
  await sql`update users set
    topic_count = (select count(*) from topics t where t.user_id = users.id and t.status = ${published}),
    article_count = (select count(*) from articles a where a.user_id = users.id and a.status = ${published}),
    comment_count = (select count(*) from comments c where c.user_id = users.id and c.status = ${published}),
    follow_count = (select count(*) from user_follows f where f.user_id = users.id),
    fans_count = (select count(*) from user_follows f where f.other_id = users.id)`.execute(db);
}
