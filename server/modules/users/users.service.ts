/**
 * A member's own account: profile, username (once), e-mail (with verification), password. Each
 * function takes the database (or a transaction) first and answers the updated row.
 */
import type { Kysely } from 'kysely';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { isUniqueViolation, stamps } from '../../db/helpers';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { retireEmailCodes } from '../auth/email-codes.repository';
import { consumeEmailCode } from '../auth/email-codes.service';
import { verifyPassword } from '../auth/password';
import { revokeOtherTokens } from '../auth/tokens.service';
import { findUserByEmail, findUserById, findUserByUsername, setPasswordHashIfUnset, setUsernameIfUnset, updateUser } from './users.repository';

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

async function reload(db: Kysely<DB>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw errors.notFound('errors.account.userNotFound');
  return user;
}

/** An active user by id, for public profiles; 404 otherwise. */
export async function getActiveUser(db: Kysely<DB>, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || user.status !== 0) throw errors.notFound('errors.account.userNotFound');
  return user;
}

export async function updateProfile(
  db: Kysely<DB>,
  userId: number,
  input: { nickname?: string; signature?: string; homePage?: string },
  now: number,
): Promise<UserRow> {
  const values: UserUpdate = { update_time: now };
  if (input.nickname !== undefined) values.nickname = input.nickname;
  if (input.signature !== undefined) values.signature = input.signature;
  if (input.homePage !== undefined) values.home_page = input.homePage;
  await updateUser(db, userId, values);
  return reload(db, userId);
}

export async function updateAvatar(db: Kysely<DB>, userId: number, avatar: string, now: number): Promise<UserRow> {
  await updateUser(db, userId, { avatar, update_time: now });
  return reload(db, userId);
}

/** 409 with the field error, for sign-up and e-mail changes. */
export function emailTaken() {
  return errors.conflict('errors.account.emailTaken', { email: 'errors.account.emailTaken' });
}

function usernameTaken() {
  return errors.conflict('errors.account.usernameTaken', { username: 'errors.account.usernameTaken' });
}

/** Sets the username once (spec §5); unique regardless of case. */
export async function setUsername(db: Kysely<DB>, user: UserRow, username: string, now: number): Promise<UserRow> {
  if (user.username) throw errors.forbidden('errors.account.usernameAlreadySet');
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
 * Changes the e-mail; the new one is unverified, and earlier verification and reset links die
 * (a reset link in the old mailbox must not outlive the move away from it). Setting the same
 * address again changes nothing. Run inside a transaction.
 */
export async function setEmail(db: Kysely<DB>, user: UserRow, email: string, meta: { now: number; ip: string }): Promise<UserRow> {
  if (user.email === email) return user;
  const holder = await findUserByEmail(db, email);
  if (holder && holder.id !== user.id) throw emailTaken();
  try {
    await updateUser(db, user.id, { email, email_verified: 0, update_time: meta.now });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await retireEmailCodes(db, user.id, 'verify');
  await retireEmailCodes(db, user.id, 'reset');
  await recordAudit(db, {
    actorId: user.id,
    action: 'user.email_changed',
    targetType: 'user',
    targetId: user.id,
    detail: { from: user.email, to: email },
    ip: meta.ip,
    time: meta.now,
  });
  return reload(db, user.id);
}

export function hasPassword(user: Pick<UserRow, 'password_hash'>): boolean {
  return user.password_hash !== null && user.password_hash !== '';
}

/** First password of an account that has none (e.g. created without one). Run inside a transaction. */
export async function setFirstPassword(db: Kysely<DB>, user: UserRow, passwordHash: string, meta: { now: number; ip: string }): Promise<UserRow> {
  if (!(await setPasswordHashIfUnset(db, user.id, passwordHash, meta.now))) throw errors.forbidden('errors.account.passwordAlreadySet');
  await retireEmailCodes(db, user.id, 'reset');
  await recordAudit(db, { actorId: user.id, action: 'user.password_set', targetType: 'user', targetId: user.id, ip: meta.ip, time: meta.now });
  return reload(db, user.id);
}

/** 400 (field `oldPassword`) unless `oldPassword` is the user's current password. */
export async function checkCurrentPassword(user: UserRow, oldPassword: string): Promise<void> {
  if (!hasPassword(user)) throw errors.badRequest('errors.account.passwordNotSet');
  if (!(await verifyPassword(user.password_hash as string, oldPassword))) throw errors.validation({ oldPassword: 'errors.account.oldPasswordWrong' });
}

/**
 * Replaces the password, retires outstanding reset links (they would undo the change) and signs
 * the user out of every other session (the one making the change stays). Run inside a
 * transaction, after `checkCurrentPassword`.
 */
export async function replacePassword(
  db: Kysely<DB>,
  user: UserRow,
  passwordHash: string,
  meta: { now: number; ip: string; keepToken: string | null },
): Promise<UserRow> {
  await updateUser(db, user.id, { password_hash: passwordHash, update_time: meta.now });
  await retireEmailCodes(db, user.id, 'reset');
  await revokeOtherTokens(db, user.id, meta.keepToken);
  await recordAudit(db, { actorId: user.id, action: 'user.password_changed', targetType: 'user', targetId: user.id, ip: meta.ip, time: meta.now });
  return reload(db, user.id);
}

/**
 * Applies a verification link: the code is used once and only verifies the address it was sent
 * to (a link for a former e-mail is invalid). Run inside a transaction.
 */
export async function verifyEmailWithCode(db: Kysely<DB>, code: string, now: number): Promise<{ email: string }> {
  const row = await consumeEmailCode(db, code, 'verify', now);
  const user = await findUserById(db, row.user_id);
  if (!user || user.status !== 0 || user.email !== row.email) throw errors.validation({ token: 'errors.account.linkInvalid' });
  await updateUser(db, user.id, { email_verified: 1, update_time: now });
  return { email: row.email };
}
