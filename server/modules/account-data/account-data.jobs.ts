/**
 * The account-data jobs (ADR 0022): the archive built after the request's commit, the erasure
 * mail, and two schedules: the erasures due (every 10 minutes) and the sweep of old archives
 * (hourly).
 */
import { z } from 'zod';
import { LOCALES } from '../../../common/constants';
import { isLocale } from '../../../common/i18n';
import { requireDb } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import { mailTarget } from '../../infra/mail';
import { defineJob, defineSchedule, jobMessageId } from '../../kernel/jobs';
import { runWrite } from '../../kernel/write';
import { notify } from '../messages/messages.api';
import { findUserById, mailLocaleOf } from '../users/users.api';
import { writeMemberArchive } from './account-data.archive';
import { composeAccountDataMail } from './account-data.mail';
import { findExport, markExportFailed, markExportReady } from './account-data.repository';
import { eraseDueMembers, EXPORT_LINK_TTL_MS, newExportToken, sweepArchives } from './account-data.service';

/** The page of one's data (app/lib/paths.ts `accountData`). */
export const ACCOUNT_DATA_PAGE = '/user/profile/data';
const id = z.number().int().positive();

/**
 * Builds the archive, stores its link's hash, then mails the link (the token exists only in the
 * mail and the site message's address). A retry after a crash between the two builds a new
 * archive and a new link: the old one never reached the member.
 */
export const exportJob = defineJob({
  name: 'accountData.export',
  payload: z.object({ exportId: id }),
  attempts: 3,
  async run({ exportId }, ctx, info) {
    const db = requireDb(ctx);
    const row = await findExport(db, exportId);
    if (!row || row.status !== 'pending') return;
    const now = ctx.clock.now();
    let written: Awaited<ReturnType<typeof writeMemberArchive>>;
    try {
      written = await writeMemberArchive(ctx, db, row.user_id, row.locale, now);
    } catch (error) {
      if (info.attempt === info.attempts) await markExportFailed(db, exportId, now);
      throw error;
    }
    if (!written) return void (await markExportFailed(db, exportId, now));
    const { token, hash } = newExportToken();
    const expireTime = now + EXPORT_LINK_TTL_MS;
    const link = `${siteBaseUrl(ctx.config)}/api/account/export/${token}`;
    await runWrite(ctx, async (scope) => {
      await markExportReady(scope.db, exportId, { tokenHash: hash, fileName: written.fileName, size: written.size, expireTime }, scope.now);
      await notify(scope, { to: row.user_id, from: null, type: 'system', url: link, params: { notice: 'accountExport', expires: expireTime }, entity: { type: 'user', id: row.user_id }, eventKey: `account-export:${exportId}` });
    });
    const user = await findUserById(db, row.user_id);
    if (!user?.email) return;
    const settings = await ctx.settings.get(db);
    const locale = isLocale(row.locale) ? row.locale : mailLocaleOf(user, settings.language);
    const message = composeAccountDataMail('exportReady', { locale, timeZone: settings.timeZone, to: user.email, nickname: user.nickname, siteTitle: settings.siteTitle, link, time: expireTime });
    await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, info) }, mailTarget(ctx.config, settings));
  },
});

/** The erasure scheduled: the member is told when, and how to cancel. */
export const deletionMailJob = defineJob({
  name: 'accountData.deletionMail',
  payload: z.object({ userId: id, due: z.number().int(), locale: z.enum(LOCALES) }),
  async run({ userId, due, locale }, ctx, info) {
    const db = requireDb(ctx);
    const user = await findUserById(db, userId);
    if (!user?.email || user.status !== 0) return;
    const settings = await ctx.settings.get(db);
    const message = composeAccountDataMail('deletionScheduled', { locale, timeZone: settings.timeZone, to: user.email, nickname: user.nickname, siteTitle: settings.siteTitle, link: `${siteBaseUrl(ctx.config)}${ACCOUNT_DATA_PAGE}`, time: due });
    await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, info) }, mailTarget(ctx.config, settings));
  },
});

/** The erasures whose grace period ended, every 10 minutes (by the app's clock). */
export const erasureSchedule = defineSchedule({
  name: 'accountData.erase',
  everyMs: 10 * 60_000,
  async run(ctx) {
    const erased = await eraseDueMembers(ctx, requireDb(ctx), ctx.clock.now());
    if (erased) ctx.log.info({ erased }, 'erased accounts whose grace period ended');
  },
});

/** Archives whose link expired or was used, deleted hourly. */
export const archiveSweepSchedule = defineSchedule({
  name: 'accountData.sweep',
  everyMs: 60 * 60_000,
  async run(ctx) {
    const swept = await sweepArchives(ctx, requireDb(ctx), ctx.clock.now());
    if (swept) ctx.log.info({ swept }, 'swept old data archives');
  },
});
