/** The account-data feature's SQL: the archives members asked for and the erasures they scheduled. */
import type { Kysely, Selectable } from 'kysely';
import type { AccountExportsTable, DB } from '../../db/schema';

export type ExportRow = Selectable<AccountExportsTable>;

export async function insertExport(db: Kysely<DB>, userId: number, locale: string, now: number): Promise<void> {
  await db.insertInto('account_exports').values({ user_id: userId, status: 'pending', locale, token_hash: null, create_time: now, update_time: now }).execute();
}

export function findExport(db: Kysely<DB>, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findNewestExport(db: Kysely<DB>, userId: number): Promise<ExportRow | undefined> {
  return db.selectFrom('account_exports').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The newest export's id of a member (the job's payload names it). */
export async function newestExportId(db: Kysely<DB>, userId: number): Promise<number> {
  return (await db.selectFrom('account_exports').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
}

export async function markExportReady(db: Kysely<DB>, id: number, change: { tokenHash: string; fileName: string; size: number; expireTime: number }, now: number): Promise<void> {
  await db
    .updateTable('account_exports')
    .set({ status: 'ready', token_hash: change.tokenHash, file_name: change.fileName, size: change.size, expire_time: change.expireTime, update_time: now })
    .where('id', '=', id)
    .execute();
}

export async function markExportFailed(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('account_exports').set({ status: 'failed', update_time: now }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/**
 * Spends a link: the one row whose token this is, still unused and unexpired, marked used by one
 * conditional UPDATE (two clicks at once: one wins). Answers the row when this call spent it.
 */
export async function spendExportLink(db: Kysely<DB>, tokenHash: string, now: number): Promise<ExportRow | undefined> {
  const row = await db.selectFrom('account_exports').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row || row.status !== 'ready' || row.used_time !== 0 || row.expire_time <= now) return undefined;
  const result = await db.updateTable('account_exports').set({ used_time: now, update_time: now }).where('id', '=', row.id).where('used_time', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : undefined;
}

/** Archives whose link expired or was used before `before`, with a file still on disk. */
export function findStaleExports(db: Kysely<DB>, now: number, usedBefore: number): Promise<ExportRow[]> {
  return db
    .selectFrom('account_exports')
    .selectAll()
    .where('file_name', '!=', '')
    .where((eb) => eb.or([eb.and([eb('expire_time', '>', 0), eb('expire_time', '<=', now)]), eb.and([eb('used_time', '>', 0), eb('used_time', '<=', usedBefore)])]))
    .execute();
}

/** The archive's file is gone: the row forgets it and its token. */
export async function forgetExportFile(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('account_exports').set({ file_name: '', token_hash: null, update_time: now }).where('id', '=', id).execute();
}

export function findExportsOf(db: Kysely<DB>, userId: number): Promise<ExportRow[]> {
  return db.selectFrom('account_exports').selectAll().where('user_id', '=', userId).execute();
}

export async function deleteExportsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('account_exports').where('user_id', '=', userId).execute();
}

// ---------------------------------------------------------------------------------------------
// Scheduled erasures

export function findDeletion(db: Kysely<DB>, userId: number): Promise<{ id: number; due_time: number } | undefined> {
  return db.selectFrom('account_deletions').select(['id', 'due_time']).where('user_id', '=', userId).executeTakeFirst();
}

/** Schedules (or moves) a member's erasure: one row per member. */
export async function upsertDeletion(db: Kysely<DB>, userId: number, dueTime: number, now: number): Promise<void> {
  const updated = await db.updateTable('account_deletions').set({ due_time: dueTime, update_time: now }).where('user_id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('account_deletions').values({ user_id: userId, due_time: dueTime, create_time: now, update_time: now }).execute();
}

/** Answers whether there was one to cancel. */
export async function deleteDeletion(db: Kysely<DB>, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('account_deletions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findDueDeletions(db: Kysely<DB>, now: number, limit: number): Promise<Array<{ user_id: number }>> {
  return db.selectFrom('account_deletions').select('user_id').where('due_time', '<=', now).orderBy('due_time').limit(limit).execute();
}
