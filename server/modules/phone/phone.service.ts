/**
 * A member's phone (issue 29): who a number signs in as (a new account for a new number), binding
 * and removing it, and what the account deletion and "never unlink the last way in" rules read.
 * Each function takes the database (or a transaction) first.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { MemberPhoneView } from '../../../common/views/phone';
import type { DB, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import { recordAudit } from '../audit/audit.api';
import { assertNamesFree, createMember, findUserById, findUsersByNamePrefix } from '../users/users.api';
import { deletePhoneOfUser, deleteSmsCodesOfPhone, deleteSmsCodesOfUser, findPhoneOfUser, findUserIdByPhone, upsertPhone } from './phone.repository';

const phoneTaken = () => errors.conflict('phoneSignIn.errors.phoneTaken', { phone: 'phoneSignIn.errors.phoneTaken' });

/** Whether the member can sign in by phone (the "never unlink the last way in" rule reads it). */
export async function hasPhone(db: Kysely<DB>, userId: number): Promise<boolean> {
  return (await findPhoneOfUser(db, userId)) !== null;
}

/** Forgets a member's phone and every code sent to it (the account's deletion). */
export async function forgetPhoneOf(db: Kysely<DB>, userId: number): Promise<void> {
  const phone = await findPhoneOfUser(db, userId);
  await deletePhoneOfUser(db, userId);
  if (phone) await deleteSmsCodesOfPhone(db, phone);
  await deleteSmsCodesOfUser(db, userId);
}

/** A way in besides the phone: a password, or an e-mail through which one can be set. */
function hasOtherWayIn(user: Pick<UserRow, 'password_hash' | 'email'>): boolean {
  return Boolean(user.password_hash) || Boolean(user.email);
}

export async function phoneView(db: Kysely<DB>, user: UserRow): Promise<MemberPhoneView> {
  const phone = await findPhoneOfUser(db, user.id);
  return { phone, removable: phone !== null && hasOtherWayIn(user) };
}

/**
 * A nickname for a member who came by phone: "Member 5678" in the asker's language (the number's
 * last four digits), with " 2", " 3"… when taken, and never a name that passes for the staff's.
 */
async function nicknameFor(db: Kysely<DB>, phone: string, locale: Locale): Promise<string> {
  const base = String(translator(locale)('phoneSignIn.newNickname', { digits: phone.slice(-4) }));
  const taken = new Set((await findUsersByNamePrefix(db, base, 200)).map((user) => user.nickname.toLowerCase()));
  let nickname = base;
  for (let n = 2; taken.has(nickname.toLowerCase()); n++) nickname = `${base} ${n}`;
  await assertNamesFree(db, { nickname }, null);
  return nickname;
}

/** The member a verified number signs in as, or a new account for it (no e-mail, no password). Inside the transaction. */
export async function memberForPhone(db: Kysely<DB>, phone: string, meta: { now: number; locale: Locale; ip: string }): Promise<{ user: UserRow; created: boolean }> {
  const known = await findUserIdByPhone(db, phone);
  if (known !== null) {
    const user = await findUserById(db, known);
    if (!user || user.status !== 0) throw errors.validation({ phone: 'phoneSignIn.errors.accountClosed' });
    return { user, created: false };
  }
  const id = await createMember(db, { nickname: await nicknameFor(db, phone, meta.locale), last_seen_time: meta.now }, meta.now);
  try {
    await upsertPhone(db, id, phone, meta.now);
  } catch (error) {
    // Two first sign-ins of one number at once: the other made the account; this one is refused and may retry.
    if (isUniqueViolation(error)) throw errors.conflict('phoneSignIn.errors.tryAgain');
    throw error;
  }
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} vanished after insert`);
  return { user, created: true };
}

/** Sets or changes the member's number (its code already used). 409 on `phone` when another account has it. */
export async function bindPhone(db: Kysely<DB>, user: UserRow, phone: string, meta: { now: number; ip: string }): Promise<void> {
  const holder = await findUserIdByPhone(db, phone);
  if (holder === user.id) return;
  if (holder !== null) throw phoneTaken();
  try {
    await upsertPhone(db, user.id, phone, meta.now);
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
  await recordAudit(db, { actorId: user.id, action: 'user.phone_set', targetType: 'user', targetId: user.id, ip: meta.ip, time: meta.now });
}

/** Removes the member's number unless it is their only way in (403). */
export async function unbindPhone(db: Kysely<DB>, user: UserRow, meta: { now: number; ip: string }): Promise<void> {
  if (!(await hasPhone(db, user.id))) return;
  if (!hasOtherWayIn(user)) throw errors.forbidden('phoneSignIn.errors.lastWayIn');
  await forgetPhoneOf(db, user.id);
  await recordAudit(db, { actorId: user.id, action: 'user.phone_removed', targetType: 'user', targetId: user.id, ip: meta.ip, time: meta.now });
}
