/** The security feature's SQL (issue 29): TOTP, recovery codes, passkeys, second-factor tickets, WebAuthn challenges. */
import type { Kysely } from 'kysely';
import type { DB, UserPasskeyRow } from '../../db/schema';

// --- TOTP ----------------------------------------------------------------------------------------

export function findTotp(db: Kysely<DB>, userId: number) {
  return db.selectFrom('user_totp').select(['secret', 'confirmed', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** A new secret being set up (replaces an unconfirmed one; a confirmed one is never replaced here). */
export async function putPendingTotp(db: Kysely<DB>, userId: number, secret: string, now: number): Promise<boolean> {
  const existing = await findTotp(db, userId);
  if (existing?.confirmed) return false;
  if (existing) {
    await db.updateTable('user_totp').set({ secret, last_step: 0, update_time: now }).where('user_id', '=', userId).where('confirmed', '=', 0).execute();
  } else {
    await db.insertInto('user_totp').values({ user_id: userId, secret, confirmed: 0, last_step: 0, create_time: now, update_time: now }).execute();
  }
  return true;
}

/** Takes time step `step` of the member's TOTP, once: false when it (or a later one) was taken already. */
export async function takeTotpStep(db: Kysely<DB>, userId: number, step: number, now: number, confirm: boolean): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set(confirm ? { last_step: step, confirmed: 1, update_time: now } : { last_step: step, update_time: now })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .where('confirmed', '=', confirm ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

export async function hasConfirmedTotp(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_totp').select('id').where('user_id', '=', userId).where('confirmed', '=', 1).executeTakeFirst();
  return row !== undefined;
}

// --- Recovery codes ------------------------------------------------------------------------------

export async function replaceRecoveryCodes(db: Kysely<DB>, userId: number, hashes: string[], now: number): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.insertInto('user_recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash, create_time: now }))).execute();
}

export function findUnusedRecoveryCode(db: Kysely<DB>, userId: number, hash: string) {
  return db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).where('used_time', '=', 0).executeTakeFirst();
}

/** Uses a recovery code once: false when it was used meanwhile. */
export async function spendRecoveryCode(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('user_recovery_codes').set({ used_time: now }).where('id', '=', id).where('used_time', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_recovery_codes').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).where('user_id', '=', userId).where('used_time', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodes(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
}

// --- Passkeys ------------------------------------------------------------------------------------

export function listPasskeys(db: Kysely<DB>, userId: number): Promise<UserPasskeyRow[]> {
  return db.selectFrom('user_passkeys').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
}

export function findPasskeyByCredential(db: Kysely<DB>, credentialId: string): Promise<UserPasskeyRow | undefined> {
  return db.selectFrom('user_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: Kysely<DB>,
  row: { userId: number; credentialId: string; publicKey: string; counter: number; transports: string; name: string; now: number },
): Promise<void> {
  await db
    .insertInto('user_passkeys')
    .values({ user_id: row.userId, credential_id: row.credentialId, public_key: row.publicKey, counter: row.counter, transports: row.transports, name: row.name, create_time: row.now })
    .execute();
}

/** A passkey used: its new counter and the time (only when the counter is still what was read). */
export async function recordPasskeyUse(db: Kysely<DB>, id: number, readCounter: number, counter: number, now: number): Promise<boolean> {
  const result = await db.updateTable('user_passkeys').set({ counter, last_used_time: now }).where('id', '=', id).where('counter', '=', readCounter).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renamePasskeyRow(db: Kysely<DB>, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('user_passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskeyRow(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countPasskeys(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_passkeys').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deletePasskeys(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_passkeys').where('user_id', '=', userId).execute();
}

// --- Second-factor tickets -----------------------------------------------------------------------

export async function insertTicket(db: Kysely<DB>, row: { hash: string; userId: number; method: string; redirect: string; expireTime: number; now: number }): Promise<void> {
  await db
    .insertInto('second_factor_tickets')
    .values({ ticket_hash: row.hash, user_id: row.userId, method: row.method, redirect: row.redirect, expire_time: row.expireTime, create_time: row.now })
    .execute();
}

export function findTicket(db: Kysely<DB>, hash: string) {
  return db.selectFrom('second_factor_tickets').select(['id', 'user_id', 'method', 'redirect', 'expire_time', 'attempts']).where('ticket_hash', '=', hash).executeTakeFirst();
}

/** One more try on a ticket, while under `max`: false once they are spent. */
export async function countTicketAttempt(db: Kysely<DB>, id: number, max: number): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a ticket: false when it was used meanwhile. */
export async function deleteTicket(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('second_factor_tickets').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function deleteTicketsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('second_factor_tickets').where('user_id', '=', userId).execute();
}

export async function deleteExpiredTickets(db: Kysely<DB>, now: number): Promise<void> {
  await db.deleteFrom('second_factor_tickets').where('expire_time', '<', now).execute();
  await db.deleteFrom('webauthn_challenges').where('expire_time', '<', now).execute();
}

// --- WebAuthn challenges -------------------------------------------------------------------------

export async function insertChallenge(db: Kysely<DB>, row: { challenge: string; userId: number; purpose: string; expireTime: number; now: number }): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge: row.challenge, user_id: row.userId, purpose: row.purpose, expire_time: row.expireTime, create_time: row.now })
    .execute();
}

/** Takes a challenge once (deleted as it is read): undefined when unknown or already used. */
export async function takeChallenge(db: Kysely<DB>, challenge: string) {
  const row = await db.selectFrom('webauthn_challenges').select(['id', 'user_id', 'purpose', 'expire_time']).where('challenge', '=', challenge).executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('webauthn_challenges').where('id', '=', row.id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}

export async function deleteChallengesOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
}

export async function memberExists(db: Kysely<DB>, userId: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
