/** All SQL touching `user_phones` and `sms_codes` (issue 29). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { stamps } from '../../db/helpers';

export type SmsCodePurpose = 'signin' | 'bind';

export interface SmsCodeRow {
  id: number;
  phone: string;
  purpose: string;
  user_id: number;
  code_hash: string;
  expire_time: number;
  attempts: number;
  used_time: number | null;
  create_time: number;
}

export async function insertSmsCode(db: Kysely<DB>, row: { phone: string; purpose: SmsCodePurpose; userId: number; codeHash: string; expireTime: number }, now: number): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({ phone: row.phone, purpose: row.purpose, user_id: row.userId, code_hash: row.codeHash, expire_time: row.expireTime, attempts: 0, used_time: null, ...stamps(now) })
    .execute();
}

/** The newest code sent to a number for a purpose (only the newest counts: asking again retires the one before). */
export async function newestSmsCode(db: Kysely<DB>, phone: string, purpose: SmsCodePurpose): Promise<SmsCodeRow | undefined> {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'phone', 'purpose', 'user_id', 'code_hash', 'expire_time', 'attempts', 'used_time', 'create_time'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One wrong try more; the try that reaches `max` burns the code (used). Answers whether the code still lives. */
export async function countWrongTry(db: Kysely<DB>, id: number, max: number, now: number): Promise<boolean> {
  await db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1), update_time: now })).where('id', '=', id).where('used_time', 'is', null).execute();
  const row = await db.selectFrom('sms_codes').select(['attempts', 'used_time']).where('id', '=', id).executeTakeFirst();
  if (!row || row.used_time !== null) return false;
  if (row.attempts < max) return true;
  await db.updateTable('sms_codes').set({ used_time: now, update_time: now }).where('id', '=', id).where('used_time', 'is', null).execute();
  return false;
}

/** Marks one code used, only if still unused: false when another request got there first. */
export async function markSmsCodeUsed(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('sms_codes').set({ used_time: now, update_time: now }).where('id', '=', id).where('used_time', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Housekeeping: codes that expired before `before`. */
export async function deleteExpiredSmsCodes(db: Kysely<DB>, before: number): Promise<number> {
  const result = await db.deleteFrom('sms_codes').where('expire_time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSmsCodesOfPhone(db: Kysely<DB>, phone: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('phone', '=', phone).execute();
}

export async function deleteSmsCodesOfUser(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
}

export async function findPhoneOfUser(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('user_phones').select('phone').where('user_id', '=', userId).executeTakeFirst();
  return row?.phone ?? null;
}

export async function findUserIdByPhone(db: Kysely<DB>, phone: string): Promise<number | null> {
  const row = await db.selectFrom('user_phones').select('user_id').where('phone', '=', phone).executeTakeFirst();
  return row?.user_id ?? null;
}

/** Sets the member's number: their row rewritten in place when they have one, else inserted (the unique keys refuse a taken number). */
export async function upsertPhone(db: Kysely<DB>, userId: number, phone: string, now: number): Promise<void> {
  const updated = await db.updateTable('user_phones').set({ phone, update_time: now }).where('user_id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('user_phones').values({ user_id: userId, phone, ...stamps(now) }).execute();
}

export async function deletePhoneOfUser(db: Kysely<DB>, userId: number): Promise<number> {
  const result = await db.deleteFrom('user_phones').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
