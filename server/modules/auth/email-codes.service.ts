/**
 * One-time links sent by mail: e-mail verification (24 h) and password reset (1 h). The code is
 * 256 random bits, mailed once and stored only as its SHA-256 digest; using it marks it used
 * atomically, so a link works exactly once even under concurrent clicks.
 */
import type { Kysely } from 'kysely';
import { EMAIL_VERIFY_TTL_MS, PASSWORD_RESET_TTL_MS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import { findEmailCodeByHash, insertEmailCode, markEmailCodeUsed, type EmailCodePurpose, type EmailCodeRow } from './email-codes.repository';
import { hashToken, newRandomToken } from './tokens.service';

export const EMAIL_CODE_TTL_MS: Record<EmailCodePurpose, number> = { verify: EMAIL_VERIFY_TTL_MS, reset: PASSWORD_RESET_TTL_MS };

/** Creates a code for the user's e-mail and answers it raw (for the mail); only its digest is kept. */
export async function issueEmailCode(db: Kysely<DB>, input: { userId: number; purpose: EmailCodePurpose; email: string }, now: number): Promise<string> {
  const code = newRandomToken();
  await insertEmailCode(db, { ...input, codeHash: hashToken(code), expireTime: now + EMAIL_CODE_TTL_MS[input.purpose] }, now);
  return code;
}

function linkError(key: 'linkInvalid' | 'linkExpired' | 'linkUsed') {
  return errors.validation({ token: `errors.account.${key}` });
}

/**
 * Uses a code: 400 (field `token`) when unknown, expired or already used; otherwise marks it
 * used and answers its row. Call inside the transaction that applies its effect.
 */
export async function consumeEmailCode(db: Kysely<DB>, code: string, purpose: EmailCodePurpose, now: number): Promise<EmailCodeRow> {
  const row = await findEmailCodeByHash(db, hashToken(code), purpose);
  if (!row) throw linkError('linkInvalid');
  if (row.used_time !== null) throw linkError('linkUsed');
  if (row.expire_time <= now) throw linkError('linkExpired');
  if (!(await markEmailCodeUsed(db, row.id, now))) throw linkError('linkUsed');
  return row;
}

/** Checks a code without using it (before slow work such as hashing a new password). */
export async function checkEmailCode(db: Kysely<DB>, code: string, purpose: EmailCodePurpose, now: number): Promise<EmailCodeRow> {
  const row = await findEmailCodeByHash(db, hashToken(code), purpose);
  if (!row) throw linkError('linkInvalid');
  if (row.used_time !== null) throw linkError('linkUsed');
  if (row.expire_time <= now) throw linkError('linkExpired');
  return row;
}
