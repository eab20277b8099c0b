/**
 * A member's own account: the new row, profile, avatar, username (once). Each function takes the
 * database (or a transaction) first and answers the updated row. E-mail and password changes are
 * auth's (auth/account.service.ts).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { isLocale } from '../../../common/i18n';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { isUniqueViolation, stamps } from '../../db/helpers';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors } from '../../infra/errors';
import { assertNamesFree } from './names';
import { addUserScore, insertUser, setPasswordHashIfUnset, replacePasswordHashIf, countAllMembers, countBannedUsers, countMembers, countSignupsByBucket, findMembersPage, lockAdmins, setEmailVerified, setRoleIf, type MemberFilter, findBannedUsers, findMostFollowed, findTopScorers, findUserById, findUserByUsername, findUsersByIds, findVipEndingBetween, lockActiveUsers, readUserScoreLocked, setForbidden, setUsernameIfUnset, setVipExpireTime, updateUser, touchSeen, findMailableMember, findMailableMembersAfter, type MailableMember } from './users.repository';

/** A complete new `users` row: a member with nothing set beyond `fields`. */
export function newUserValues(fields: Pick<NewUser, 'nickname'> & Partial<NewUser>, now: number): NewUser {
  return {
    username: null,
    email: null,
    email_verified: 0,
    avatar: '',
    signature: '',
    home_page: '',
    password_hash: null,
    role: 'member',
    score: 0,
    topic_count: 0,
    comment_count: 0,
    follow_count: 0,
    fans_count: 0,
    forbidden_until: 0,
    vip_expire_time: 0,
    status: 0,
    ...stamps(now),
    ...fields,
  };
}

/** Adds a member (`fields` over `newUserValues`); answers their id. A taken e-mail or username is the database's unique violation. */
export function createMember(db: Kysely<DB>, fields: Pick<NewUser, 'nickname'> & Partial<NewUser>, now: number): Promise<number> {
  return insertUser(db, newUserValues(fields, now));
}

/** The account's sign-in fields, whose rules are auth's: the e-mail, its verification, the password hash. */
export type SignInFields = Pick<UserUpdate, 'email' | 'email_verified' | 'password_hash'> & { update_time: number };

/** Changes a member's sign-in fields (auth decides when: an e-mail change, a reset, a verification). */
export async function updateSignIn(db: Kysely<DB>, userId: number, values: SignInFields): Promise<void> {
  await updateUser(db, userId, values);
}

/** Sets the password hash only while none is set; answers whether it was (of two concurrent first passwords, one). */
export function setFirstPasswordHash(db: Kysely<DB>, userId: number, passwordHash: string, now: number): Promise<boolean> {
  return setPasswordHashIfUnset(db, userId, passwordHash, now);
}

/**
 * An imported member's first sign-in (issue 33): their old forum's hash becomes Sabai's own, unless
 * the password changed since it was checked (then the newer hash stays).
 */
export function upgradePasswordHash(db: Kysely<DB>, userId: number, legacyHash: string, passwordHash: string, now: number): Promise<boolean> {
  return replacePasswordHashIf(db, userId, legacyHash, passwordHash, now);
}

export async function reload(db: Kysely<DB>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw errors.notFound('errors.account.userNotFound');
  return user;
}

/** Users by id (each once, in no order): a page's authors in one query. */
export function usersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  return findUsersByIds(db, ids);
}

/** Active members among `ids`, row-locked for the rest of the write, in id order (follows). */
export function lockMembers(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  return lockActiveUsers(db, ids);
}

/** The most followed active members (members worth following). */
export function mostFollowedMembers(db: Kysely<DB>, limit: number): Promise<UserRow[]> {
  return findMostFollowed(db, limit);
}

/** An active user by id, for public profiles; 404 otherwise. */
export async function getActiveUser(db: Kysely<DB>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || user.status !== 0) throw errors.notFound('errors.account.userNotFound');
  return user;
}

/** Profile fields; a new nickname may not pass for a staff member's name (./names.ts). */
export async function updateProfile(
  db: Kysely<DB>,
  user: Pick<UserRow, 'id' | 'role' | 'nickname'>,
  input: { nickname?: string; signature?: string; homePage?: string },
  now: number,
): Promise<UserRow> {
  const userId = user.id;
  const values: UserUpdate = { update_time: now };
  if (input.nickname !== undefined && input.nickname !== user.nickname) {
    await assertNamesFree(db, { nickname: input.nickname }, user);
    values.nickname = input.nickname;
  }
  if (input.signature !== undefined) values.signature = input.signature;
  if (input.homePage !== undefined) values.home_page = input.homePage;
  await updateUser(db, userId, values);
  return reload(db, userId);
}

export async function updateAvatar(db: Kysely<DB>, userId: number, avatar: string, now: number): Promise<UserRow> {
  await updateUser(db, userId, { avatar, update_time: now });
  return reload(db, userId);
}

/** The profile background: an address `storedImageUrl` vouched for, or '' for none. */
export async function updateBackground(db: Kysely<DB>, userId: number, background: string, now: number): Promise<UserRow> {
  await updateUser(db, userId, { background, update_time: now });
  return reload(db, userId);
}

/** 409 with the field error, for sign-up and e-mail changes. */
export function emailTaken() {
  return errors.conflict('errors.account.emailTaken', { email: 'errors.account.emailTaken' });
}

function usernameTaken() {
  return errors.conflict('errors.account.usernameTaken', { username: 'errors.account.usernameTaken' });
}

/** Sets the username once (spec §5); unique regardless of case, and not passing for a staff member's name. */
export async function setUsername(db: Kysely<DB>, user: UserRow, username: string, now: number): Promise<UserRow> {
  if (user.username) throw errors.forbidden('errors.account.usernameAlreadySet');
  await assertNamesFree(db, { username }, user);
  const holder = await findUserByUsername(db, username);
  if (holder && holder.id !== user.id) throw usernameTaken();
  let changed: boolean;
  try {
    changed = await setUsernameIfUnset(db, user.id, username, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  if (!changed) throw errors.forbidden('errors.account.usernameAlreadySet');
  return reload(db, user.id);
}

/**
 * Moves a member's score by `delta` inside the caller's transaction and answers the change
 * actually applied: a decrease stops at zero (the member's row read locked, so two concurrent
 * reversals cannot both take the same points) unless `allowNegative`. The users feature owns the
 * column; the scores feature writes the log of it.
 */
export async function moveScore(db: Kysely<DB>, userId: number, delta: number, now: number, options: { allowNegative: boolean }): Promise<number> {
  if (delta === 0) return 0;
  let applied = delta;
  if (delta < 0 && !options.allowNegative) applied = -Math.min(-delta, Math.max(0, await readUserScoreLocked(db, userId)));
  if (applied !== 0) await addUserScore(db, userId, applied, now);
  return applied;
}

/** The members with the highest scores (the score ranking). */
export function topScorers(db: Kysely<DB>, limit: number) {
  return findTopScorers(db, limit);
}

/**
 * Sets a member's ban (`until`: epoch ms or −1) with its reason, or lifts it (`until` 0). The
 * session check reads the row on every request, so the next request of every process sees it.
 */
export async function setBan(db: Kysely<DB>, userId: number, until: number, reason: string, now: number): Promise<void> {
  await setForbidden(db, userId, until, until === 0 ? '' : reason, now);
}

/** One offset page of the members under a running ban, and how many there are. */
export async function bannedUsers(db: Kysely<DB>, now: number, offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, total] = await Promise.all([findBannedUsers(db, now, offset, limit), countBannedUsers(db, now)]);
  return { rows, total };
}

/** The dashboard's member figures: every account, and sign-ups per time bucket since `since`. */
export async function memberStats(db: Kysely<DB>, since: number, bucketMs: number): Promise<{ total: number; signups: Array<{ bucket: number; n: number }> }> {
  return { total: await countAllMembers(db), signups: await countSignupsByBucket(db, since, bucketMs) };
}

/** One offset page of the back office's member list, and how many members match in all. */
export async function membersPage(db: Kysely<DB>, filter: MemberFilter, sort: 'newest' | 'score' | 'topics', offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, total] = await Promise.all([findMembersPage(db, filter, sort, offset, limit), countMembers(db, filter)]);
  return { rows, total };
}

/**
 * Changes `target`'s role inside the caller's transaction; never leaves the site without an
 * admin. Taking the role from an admin locks every admin's row first and refuses (409, field
 * `role`) when `target` is the last one; the update itself applies only while the role is still
 * the one read, so of two concurrent changes one applies. Answers whether it changed.
 */
export async function changeRole(db: Kysely<DB>, target: UserRow, role: string, now: number): Promise<boolean> {
  if (target.role === role) return false;
  if (target.role === 'admin') {
    const admins = await lockAdmins(db);
    if (!admins.some((admin) => admin.id === target.id)) return false; // no longer an admin
    if (admins.length <= 1) throw new AppError(409, ErrorCode.Conflict, 'adminUsers.errors.lastAdmin', {}, { role: 'adminUsers.errors.lastAdmin' });
  }
  return setRoleIf(db, target.id, target.role, role, now);
}

/** Marks a member's e-mail verified by hand (an admin vouches for it); false when it already was. */
export function verifyEmail(db: Kysely<DB>, userId: number, now: number): Promise<boolean> {
  return setEmailVerified(db, userId, now);
}

/**
 * A member's row locked for the rest of the write (VIP activation reads the expiry it extends);
 * 404 for an unknown or deleted member.
 */
export async function lockMember(db: Kysely<DB>, id: number): Promise<UserRow> {
  const [row] = await lockActiveUsers(db, [id]);
  if (!row) throw errors.notFound();
  return row;
}

/** Sets a member's VIP expiry (−1 forever, else epoch ms); the presenters compute "active" from it. */
export async function setVipExpiry(db: Kysely<DB>, userId: number, until: number, now: number): Promise<void> {
  await setVipExpireTime(db, userId, until, now);
}

/** Active members whose VIP ends in (from, to], soonest first (the expiry reminder). */
export function membersWithVipEndingBetween(db: Kysely<DB>, from: number, to: number, limit: number): Promise<UserRow[]> {
  return findVipEndingBetween(db, from, to, limit);
}

/** How often a member's last visit and language are written at most: once an hour. */
export const SEEN_INTERVAL_MS = 60 * 60_000;

/**
 * Whether a signed-in request should note the member's visit: their last note is an hour old or
 * more. Asked of the row the request already read, so within the hour it costs nothing.
 */
export function seenIsStale(user: Pick<UserRow, 'last_seen_time'>, now: number): boolean {
  return now - user.last_seen_time >= SEEN_INTERVAL_MS;
}

/** Notes the member's visit and the language they read in (one conditional update). */
export async function noteSeen(db: Kysely<DB>, userId: number, locale: string, now: number): Promise<void> {
  await touchSeen(db, userId, locale.slice(0, 16), now, now - SEEN_INTERVAL_MS + 1);
}

export type { MailableMember };

/** One keyset page of members with a verified address, not deleted, by id after `afterId`. */
export function mailableMembersAfter(db: Kysely<DB>, afterId: number, limit: number): Promise<MailableMember[]> {
  return findMailableMembersAfter(db, afterId, limit);
}

/** The language to write to a member in: theirs when known (users.locale), else the site's. */
export function mailLocaleOf(user: { locale: string }, siteLanguage: Locale): Locale {
  return isLocale(user.locale) ? user.locale : siteLanguage;
}

/** The member when they have a verified address and are not deleted, else null. */
export function mailableMember(db: Kysely<DB>, id: number): Promise<MailableMember | null> {
  return findMailableMember(db, id);
}
