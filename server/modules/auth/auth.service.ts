/**
 * Sign-up, sign-in and password reset: the business rules. Each function takes the database (or
 * a transaction) first; hashing happens before a transaction opens, never inside one.
 */
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import { recordAudit } from '../audit/audit.api';
import { assertNamesFree, createMember, emailTaken, findUserByEmail, findUserById, findUserByUsername, updateSignIn } from '../users/users.api';
import { retireEmailCodes } from './email-codes.repository';
import { consumeEmailCode } from './email-codes.service';
import { decoyHash, verifyPassword } from './password';
import { deleteTokensOfUser } from './tokens.repository';

/**
 * Creates a member account; 409 (field `email`) when the e-mail is in use, (field `nickname`)
 * when the nickname passes for a staff member's name.
 */
export async function registerUser(db: Kysely<DB>, input: { nickname: string; email: string; passwordHash: string }, now: number): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw emailTaken();
  await assertNamesFree(db, { nickname: input.nickname }, null);
  let id: number;
  try {
    id = await createMember(db, { nickname: input.nickname, email, password_hash: input.passwordHash }, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} vanished after insert`);
  return user;
}

/** The account an identifier names: an e-mail when it has an @, else a username. */
export async function findAccount(db: Kysely<DB>, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim();
  return value.includes('@') ? findUserByEmail(db, value) : findUserByUsername(db, value);
}

/**
 * The counter a sign-in attempt is charged to: the account when the identifier names one (its
 * username and its e-mail share one budget), else the identifier itself. Both cases cost the
 * same lookup, so the key reveals nothing through timing.
 */
export function signInKey(identifier: string, user: Pick<UserRow, 'id'> | undefined): string {
  return user ? `user:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
}

/**
 * The user when the password is right, else null. An unknown account (or one without a
 * password) is checked against a decoy hash, so both answers take as long.
 */
export async function authenticate(db: Kysely<DB>, identifier: string, password: string): Promise<UserRow | null> {
  return checkSignInPassword(await findAccount(db, identifier), password);
}

/** `authenticate` for an account already looked up with `findAccount`. */
export async function checkSignInPassword(user: UserRow | undefined, password: string): Promise<UserRow | null> {
  if (!user || user.status !== 0 || !user.password_hash) {
    await verifyPassword(await decoyHash(), password);
    return null;
  }
  return (await verifyPassword(user.password_hash, password)) ? user : null;
}

/** The active account for a password-reset e-mail, if any (the caller answers the same either way). */
export async function findResettableAccount(db: Kysely<DB>, email: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  return user && user.status === 0 && user.email ? user : null;
}

/**
 * Applies a reset link: uses the code once, sets the new password, retires the user's other
 * reset links and signs them out everywhere. A link sent to an address that is no longer the
 * account's is invalid (whoever reads the old mailbox must not take the account). Opening the
 * link proves the mailbox, so the e-mail counts as verified. Run inside a transaction.
 */
export async function resetPasswordWithCode(db: Kysely<DB>, code: string, passwordHash: string, meta: { now: number; ip: string }): Promise<UserRow> {
  const row = await consumeEmailCode(db, code, 'reset', meta.now);
  const user = await findUserById(db, row.user_id);
  if (!user || user.status !== 0 || user.email !== row.email) throw errors.validation({ token: 'errors.account.linkInvalid' });
  const verified = 1;
  await updateSignIn(db, user.id, { password_hash: passwordHash, email_verified: verified, update_time: meta.now });
  await retireEmailCodes(db, user.id, 'reset');
  await deleteTokensOfUser(db, user.id);
  await recordAudit(db, { actorId: user.id, action: 'user.password_reset', targetType: 'user', targetId: user.id, ip: meta.ip, time: meta.now });
  return { ...user, password_hash: passwordHash, email_verified: verified, update_time: meta.now };
}
