/**
 * A member's account security: e-mail (with verification) and password. Each function takes the
 * database (or a transaction) first and answers the updated row. Here, not in users/, because it
 * works on sign-in's own records (e-mail codes, sessions, password hashes): users know nothing
 * of auth, auth builds on users.
 */
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import { recordAudit } from '../audit/audit.api';
import { emailTaken, findUserByEmail, findUserById, reload, setFirstPasswordHash, updateSignIn } from '../users/users.api';
import { retireEmailCodes } from './email-codes.repository';
import { consumeEmailCode } from './email-codes.service';
import { verifyPassword } from './password';
import { revokeOtherTokens } from './tokens.service';

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
    await updateSignIn(db, user.id, { email, email_verified: 0, update_time: meta.now });
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
  if (!(await setFirstPasswordHash(db, user.id, passwordHash, meta.now))) throw errors.forbidden('errors.account.passwordAlreadySet');
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
  meta: { now: number; ip: string; keepToken: string | null; endOthers?: boolean },
): Promise<UserRow> {
  await updateSignIn(db, user.id, { password_hash: passwordHash, update_time: meta.now });
  await retireEmailCodes(db, user.id, 'reset');
  if (meta.endOthers !== false) await revokeOtherTokens(db, user.id, meta.keepToken);
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
  await updateSignIn(db, user.id, { email_verified: 1, update_time: now });
  return { email: row.email };
}
