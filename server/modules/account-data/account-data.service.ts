/**
 * A member's own data (issue 29, ADR 0039): the archive they ask for, and the erasure of their
 * account after a grace period.
 *
 * - Export: one request a day; a job builds the archive (account-data.archive.ts), then the
 *   member gets a link (a random token, stored hashed) that works once, for 24 hours, by mail and
 *   as a site message. Archives are swept once their link expired or was used.
 * - Deletion: the password again (when the account has one) and an explicit confirmation
 *   schedule the erasure 7 days ahead; signing in meanwhile (auth's `finishSignIn`) or the cancel
 *   button cancels it. At the due time a schedule erases the account: one transaction records
 *   `user.erased`, whose listeners — each in the feature that owns the rows — delete or
 *   anonymise them. The member's other sessions stay open during the grace period: any of them
 *   shows the banner and may cancel (a stolen session could not ask without the password).
 */
import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AccountDataView, AccountExportView } from '../../../common/views/account-data';
import type { AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { verifyPassword } from '../../infra/password';
import type { WriteScope } from '../../kernel/events';
import { runWrite } from '../../kernel/write';
import { notify } from '../messages/messages.api';
import { exportsDir } from './account-data.archive';
import {
  deleteDeletion,
  deleteExportsOf,
  findDeletion,
  findDueDeletions,
  findExportsOf,
  findNewestExport,
  findStaleExports,
  forgetExportFile,
  insertExport,
  newestExportId,
  spendExportLink,
  upsertDeletion,
  type ExportRow,
} from './account-data.repository';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The erasure's grace period: signing in within it cancels it. */
export const DELETION_GRACE_MS = 7 * DAY;
export const DELETION_GRACE_DAYS = 7;
/** A link works for a day after the archive is ready. */
export const EXPORT_LINK_TTL_MS = DAY;
/** One archive a day per member: building one reads all they wrote. */
export const EXPORT_INTERVAL_MS = DAY;
/** A used link's file stays an hour (a download cut off halfway cannot resume anyway). */
export const USED_ARCHIVE_KEEP_MS = HOUR;

export function hashExportToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The newest archive as the page shows it. */
export function presentExport(row: ExportRow | undefined, now: number): AccountExportView {
  if (!row) return { state: 'none', requestTime: 0, expireTime: 0, nextTime: 0 };
  const nextTime = row.create_time + EXPORT_INTERVAL_MS > now ? row.create_time + EXPORT_INTERVAL_MS : 0;
  const base = { requestTime: row.create_time, expireTime: 0, nextTime };
  if (row.status === 'pending') return { state: 'pending', ...base };
  if (row.status === 'failed') return { state: 'failed', ...base, nextTime: 0 };
  if (row.used_time > 0) return { state: 'used', ...base };
  if (row.expire_time <= now) return { state: 'expired', ...base };
  return { state: 'ready', ...base, expireTime: row.expire_time };
}

export async function accountDataOf(db: Kysely<DB>, user: UserRow, content: 'keep' | 'remove', now: number): Promise<AccountDataView> {
  const deletion = await findDeletion(db, user.id);
  return {
    export: presentExport(await findNewestExport(db, user.id), now),
    deletionTime: deletion?.due_time ?? null,
    content,
    hasPassword: Boolean(user.password_hash),
    graceDays: DELETION_GRACE_DAYS,
  };
}

/** POST account/export: a new archive row (the job is enqueued by the caller). Refused within a day of the last one, unless it failed. */
export async function requestExport(scope: WriteScope, userId: number, locale: string): Promise<{ exportId: number; view: AccountExportView }> {
  const last = await findNewestExport(scope.db, userId);
  const current = presentExport(last, scope.now);
  if (current.nextTime > 0) throw errors.conflict('accountData.errors.exportTooSoon');
  await insertExport(scope.db, userId, locale, scope.now);
  const exportId = await newestExportId(scope.db, userId);
  return { exportId, view: presentExport(await findNewestExport(scope.db, userId), scope.now) };
}

/** A new random link token for a ready archive: the token (for the mail) and its hash (for the row). */
export function newExportToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashExportToken(token) };
}

/** GET account/export/:token: spends the link and answers the archive's path, or null (unknown, used, expired). */
export async function spendLink(ctx: AppContext, db: Kysely<DB>, token: string, now: number): Promise<{ file: string; row: ExportRow } | null> {
  const row = await spendExportLink(db, hashExportToken(token), now);
  if (!row?.file_name) return null;
  return { file: path.join(exportsDir(ctx.config.dataDir), row.file_name), row };
}

/** Deletes the files of archives whose link expired, or was used over an hour ago. */
export async function sweepArchives(ctx: AppContext, db: Kysely<DB>, now: number): Promise<number> {
  const stale = await findStaleExports(db, now, now - USED_ARCHIVE_KEEP_MS);
  for (const row of stale) {
    await rm(path.join(exportsDir(ctx.config.dataDir), row.file_name), { force: true });
    await forgetExportFile(db, row.id, now);
  }
  return stale.length;
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** POST account/delete: the password checked (when the account has one), the erasure scheduled. */
export async function checkDeletionPassword(user: UserRow, password: string): Promise<void> {
  if (!user.password_hash) return;
  if (!password || !(await verifyPassword(user.password_hash, password))) throw errors.validation({ password: 'accountData.errors.wrongPassword' });
}

export async function scheduleDeletion(scope: WriteScope, userId: number): Promise<number> {
  const due = scope.now + DELETION_GRACE_MS;
  await upsertDeletion(scope.db, userId, due, scope.now);
  await notify(scope, { to: userId, from: null, type: 'system', params: { notice: 'accountDeletion', due }, entity: { type: 'user', id: userId }, eventKey: `account-deletion:${scope.now}` });
  return due;
}

/** Cancels a member's scheduled erasure (the button, or a sign-in): answers whether one was scheduled. */
export function cancelDeletion(db: Kysely<DB>, userId: number): Promise<boolean> {
  return deleteDeletion(db, userId);
}

/**
 * Erases one member whose grace period ended, in one transaction: `user.erased` (every owning
 * feature's listener deletes its rows), then this feature's own rows. The archives' files go
 * after the commit.
 */
export async function eraseMember(ctx: AppContext, userId: number): Promise<void> {
  const files: string[] = [];
  await runWrite(ctx, async (scope) => {
    const due = await findDeletion(scope.db, userId);
    if (!due || due.due_time > scope.now) return;
    const settings = await ctx.settings.get(scope.db);
    await scope.emit('user.erased', { userId, content: settings.accountDeletion.content });
    for (const row of await findExportsOf(scope.db, userId)) if (row.file_name) files.push(row.file_name);
    await deleteExportsOf(scope.db, userId);
    await deleteDeletion(scope.db, userId);
  });
  for (const file of files) await rm(path.join(exportsDir(ctx.config.dataDir), file), { force: true });
}

/** The schedule's run: the erasures due now (up to 200; the next run takes the rest), each in its own transaction. */
export async function eraseDueMembers(ctx: AppContext, db: Kysely<DB>, now: number): Promise<number> {
  const due = await findDueDeletions(db, now, 200);
  for (const { user_id } of due) await eraseMember(ctx, user_id);
  return due.length;
}
