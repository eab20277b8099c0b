/**
 * Six-digit SMS codes (issue 29): random, five minutes, single use, five wrong tries (the fifth
 * burns the code); only the newest code of a number counts. Stored as an HMAC keyed by a site
 * secret (a million codes are quickly tried against a bare digest), and carried to the sending
 * job sealed (AES-256-GCM under the same secret), so the code is in no table, answer or log line.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SMS_CODE } from '../../../common/validation/phone';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import { siteSecret } from '../settings/settings.api';
import { countWrongTry, insertSmsCode, markSmsCodeUsed, newestSmsCode, type SmsCodePurpose, type SmsCodeRow } from './phone.repository';

const SECRET = 'phone.codes';

async function keyOf(db: Kysely<DB>, label: string, now: number): Promise<Buffer> {
  return createHmac('sha256', await siteSecret(db, SECRET, now)).update(label).digest();
}

function digest(key: Buffer, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

/** A new code for `phone`: stored as its digest, answered raw (sealed for the job by `sealCode`). */
export async function issueSmsCode(db: Kysely<DB>, input: { phone: string; purpose: SmsCodePurpose; userId: number }, now: number): Promise<string> {
  const code = String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
  const key = await keyOf(db, 'hash', now);
  await insertSmsCode(db, { ...input, codeHash: digest(key, input.phone, code), expireTime: now + SMS_CODE.ttlMs }, now);
  return code;
}

/** The code sealed for the outbox's payload. */
export async function sealCode(db: Kysely<DB>, code: string, now: number): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db, 'seal', now), iv);
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export async function unsealCode(db: Kysely<DB>, sealed: string, now: number): Promise<string> {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db, 'seal', now), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

function codeError(key: 'codeNone' | 'codeExpired' | 'codeUsed' | 'codeWrong' | 'codeBurned') {
  return errors.validation({ code: `phoneSignIn.errors.${key}` });
}

/**
 * Checks a code without using it, outside any transaction (so a wrong try's count commits):
 * 400 on `code` when there is none, it expired, was used or burned, or is wrong (counted).
 * `userId`: a bind code must be the member's own.
 */
export async function checkSmsCode(db: Kysely<DB>, input: { phone: string; purpose: SmsCodePurpose; code: string; userId?: number }, now: number): Promise<SmsCodeRow> {
  const row = await newestSmsCode(db, input.phone, input.purpose);
  if (!row || (input.userId !== undefined && row.user_id !== input.userId)) throw codeError('codeNone');
  if (row.used_time !== null) throw codeError(row.attempts >= SMS_CODE.maxAttempts ? 'codeBurned' : 'codeUsed');
  if (row.expire_time <= now) throw codeError('codeExpired');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(digest(await keyOf(db, 'hash', now), input.phone, input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const lives = await countWrongTry(db, row.id, SMS_CODE.maxAttempts, now);
    throw codeError(lives ? 'codeWrong' : 'codeBurned');
  }
  return row;
}

/** Uses a checked code, inside the transaction that applies its effect: 400 when another request used it first. */
export async function consumeSmsCode(db: Kysely<DB>, row: Pick<SmsCodeRow, 'id'>, now: number): Promise<void> {
  if (!(await markSmsCodeUsed(db, row.id, now))) throw codeError('codeUsed');
}
