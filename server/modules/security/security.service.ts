/**
 * The second factors' rules (issue 29): TOTP set up and confirmed, recovery codes (ten, shown
 * once, stored as SHA-256 hashes, single use), the codes checked before a transaction and spent
 * inside one (a code is never taken twice, even by two requests at once), the sign-in tickets of
 * the second step, and what other features may ask (does this member have a factor?).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import {
  countPasskeys,
  countTicketAttempt,
  countUnusedRecoveryCodes,
  deleteChallengesOf,
  deletePasskeys,
  deleteRecoveryCodes,
  deleteTicket,
  deleteTicketsOf,
  deleteTotp,
  findTicket,
  findTotp,
  findUnusedRecoveryCode,
  hasConfirmedTotp,
  insertTicket,
  listPasskeys,
  replaceRecoveryCodes,
  takeTotpStep,
  spendRecoveryCode,
} from './security.repository';
import { matchTotpStep } from './totp';
import type { SecurityView } from '../../../common/views/security';
import { isModerator } from '../../../common/policy';

export const TICKET_TTL_MS = 5 * 60_000;
export const TICKET_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// Crockford-like alphabet: no 0/O, 1/I/L, so a code copied by hand is read back right.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as stored: lower case, without its dash. */
function normalizeRecoveryCode(code: string): string {
  return code.replace(/-/g, '').toLowerCase();
}

/** Ten new codes (the old ones replaced): the codes to show once. */
export async function newRecoveryCodes(db: Kysely<DB>, userId: number, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map((code) => sha256(normalizeRecoveryCode(code))), now);
  return codes;
}

/** A code that matched, before it is spent (inside the write). */
export type CodeMatch = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

/**
 * Which factor `code` matches for the member (a read: nothing spent yet): a TOTP code of a
 * confirmed TOTP at `now` (±1 step, not at or before the last step taken), or an unused recovery
 * code. Null when neither.
 */
export async function matchCode(db: Kysely<DB>, userId: number, code: string, now: number, options: { recovery: boolean } = { recovery: true }): Promise<CodeMatch | null> {
  const totp = await findTotp(db, userId);
  if (!totp?.confirmed) return null;
  if (/^\d{6}$/.test(code)) {
    const step = await matchTotpStep(totp.secret, code, now);
    return step !== null && step > totp.last_step ? { kind: 'totp', step } : null;
  }
  if (!options.recovery) return null;
  const row = await findUnusedRecoveryCode(db, userId, sha256(normalizeRecoveryCode(code)));
  return row ? { kind: 'recovery', id: row.id } : null;
}

/** Spends a matched code inside the write; refused (400) when another request spent it first. */
export async function spendCode(db: Kysely<DB>, userId: number, match: CodeMatch, now: number): Promise<void> {
  const spent = match.kind === 'totp' ? await takeTotpStep(db, userId, match.step, now, false) : await spendRecoveryCode(db, match.id, now);
  if (!spent) throw errors.validation({ code: 'security.errors.codeUsed' });
}

/** Matches and spends a code in one go (a write that holds its transaction anyway), else 400 naming the field. */
export async function requireCode(db: Kysely<DB>, userId: number, code: string, now: number): Promise<void> {
  const match = await matchCode(db, userId, code, now);
  if (!match) throw errors.validation({ code: 'security.errors.wrongCode' });
  await spendCode(db, userId, match, now);
}

// --- Tickets ------------------------------------------------------------------------------------

/** A ticket for the second step: 256 random bits (43 base64url characters), stored hashed. */
export async function openTicket(db: Kysely<DB>, opts: { userId: number; method: string; redirect: string; now: number }): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await insertTicket(db, { hash: sha256(ticket), userId: opts.userId, method: opts.method, redirect: opts.redirect.slice(0, 1024), expireTime: opts.now + TICKET_TTL_MS, now: opts.now });
  return ticket;
}

export interface CheckedTicket {
  ticketId: number;
  userId: number;
  method: string;
  redirect: string;
  match: CodeMatch;
}

/**
 * Before the second step's transaction: the ticket found and alive, one more of its tries
 * counted (committed whatever follows: a wrong code still costs a try), the code matched. An
 * unknown, expired or spent ticket is 400 on the ticket (the visitor signs in again); a wrong
 * code 400 on the code.
 */
export async function checkTicket(db: Kysely<DB>, ticket: string, code: string, now: number): Promise<CheckedTicket> {
  const row = await findTicket(db, sha256(ticket));
  if (!row || row.expire_time < now) throw errors.validation({ ticket: 'security.errors.ticketExpired' });
  if (!(await countTicketAttempt(db, row.id, TICKET_MAX_ATTEMPTS))) {
    await deleteTicket(db, row.id);
    throw errors.validation({ ticket: 'security.errors.ticketExpired' });
  }
  const match = await matchCode(db, row.user_id, code, now);
  if (!match) throw errors.validation({ code: 'security.errors.wrongCode' });
  return { ticketId: row.id, userId: row.user_id, method: row.method, redirect: row.redirect, match };
}

/** Inside the second step's transaction: the ticket used once, the code spent once. */
export async function redeemTicket(db: Kysely<DB>, checked: CheckedTicket, now: number): Promise<void> {
  if (!(await deleteTicket(db, checked.ticketId))) throw errors.validation({ ticket: 'security.errors.ticketExpired' });
  await spendCode(db, checked.userId, checked.match, now);
}

// --- What others ask ----------------------------------------------------------------------------

/** A confirmed TOTP: the password, a provider or a phone code need the second step. */
export function needsSecondFactor(db: Kysely<DB>, userId: number): Promise<boolean> {
  return hasConfirmedTotp(db, userId);
}

/** Any second factor (TOTP or a passkey): what the staff requirement asks for. */
export async function hasSecondFactor(db: Kysely<DB>, userId: number): Promise<boolean> {
  return (await hasConfirmedTotp(db, userId)) || (await countPasskeys(db, userId)) > 0;
}

/** At least one passkey: a way in besides a password or a provider. */
export async function hasPasskey(db: Kysely<DB>, userId: number): Promise<boolean> {
  return (await countPasskeys(db, userId)) > 0;
}

/** Everything the feature keeps of a member (account deletion, an admin's reset for a lost device). */
export async function forgetSecurityOf(db: Kysely<DB>, userId: number): Promise<void> {
  await deleteTotp(db, userId);
  await deleteRecoveryCodes(db, userId);
  await deletePasskeys(db, userId);
  await deleteTicketsOf(db, userId);
  await deleteChallengesOf(db, userId);
}

export async function turnTotpOff(db: Kysely<DB>, userId: number): Promise<void> {
  await deleteTotp(db, userId);
  await deleteRecoveryCodes(db, userId);
  await deleteTicketsOf(db, userId);
}

/** The member's factors as the settings page shows them (nothing secret). */
export async function securityStateOf(db: Kysely<DB>, user: { id: number; role: string }, requireStaff: boolean): Promise<SecurityView> {
  const totp = await findTotp(db, user.id);
  const totpEnabled = totp?.confirmed === 1;
  const passkeys = await listPasskeys(db, user.id);
  return {
    totpEnabled,
    recoveryCodesLeft: totpEnabled ? await countUnusedRecoveryCodes(db, user.id) : 0,
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createTime: Number(p.create_time), lastUsedTime: Number(p.last_used_time) })),
    setupRequired: requireStaff && isModerator(user) && !totpEnabled && passkeys.length === 0,
  };
}
