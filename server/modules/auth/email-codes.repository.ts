/** All SQL touching `email_codes` (verification and password-reset links). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { stamps } from '../../db/helpers';

export type EmailCodePurpose = 'verify' | 'reset';

export interface EmailCodeRow {
  id: number;
  user_id: number;
  purpose: string;
  email: string;
  expire_time: number;
  used_time: number | null;
}

export async function insertEmailCode(
  db: Kysely<DB>,
  row: { userId: number; purpose: EmailCodePurpose; email: string; codeHash: string; expireTime: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('email_codes')
    .values({ user_id: row.userId, purpose: row.purpose, email: row.email, code_hash: row.codeHash, expire_time: row.expireTime, used_time: null, ...stamps(now) })
    .execute();
}

export async function findEmailCodeByHash(db: Kysely<DB>, codeHash: string, purpose: EmailCodePurpose): Promise<EmailCodeRow | undefined> {
  return db
    .selectFrom('email_codes')
    .select(['id', 'user_id', 'purpose', 'email', 'expire_time', 'used_time'])
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Marks one code used, only if it still is unused: false when another request got there first. */
export async function markEmailCodeUsed(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('email_codes').set({ used_time: now, update_time: now }).where('id', '=', id).where('used_time', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Retires every unused code of a user for a purpose (after a reset, or when the e-mail changes):
 * they are deleted, so their links answer "invalid" rather than "already used".
 */
export async function retireEmailCodes(db: Kysely<DB>, userId: number, purpose: EmailCodePurpose): Promise<void> {
  await db.deleteFrom('email_codes').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_time', 'is', null).execute();
}

/** Withdraws one code (its mail could not be sent): no live code without a mail behind it. */
export async function deleteEmailCodeByHash(db: Kysely<DB>, codeHash: string): Promise<void> {
  await db.deleteFrom('email_codes').where('code_hash', '=', codeHash).execute();
}

/** Housekeeping: deletes codes that expired before `before`; answers how many. */
export async function deleteExpiredEmailCodes(db: Kysely<DB>, before: number): Promise<number> {
  const result = await db.deleteFrom('email_codes').where('expire_time', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every e-mail code of a member (their account erased, issue 29). */
export async function deleteEmailCodesOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
}
