/**
 * `phone.sms`: one SMS after commit (ADR 0022), like the account mails. The payload carries the
 * code sealed (phone.codes.ts), so the outbox and the back office's job list never show it. The
 * text is in the language of the request that asked for it. Sent through the HTTP provider when
 * the `sms` setting names one, else written to DATA_DIR/sms/ (sms.sender.ts). The hourly sweep
 * deletes codes expired over a day ago.
 */
import { z } from 'zod';
import { LOCALES } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import { SMS_CODE } from '../../../common/validation/phone';
import type { AppContext } from '../../context';
import { requireDb } from '../../context';
import { defineJob, defineSchedule } from '../../kernel/jobs';
import { existingSiteSecret, SMS_API_KEY_SECRET, type Settings } from '../settings/settings.api';
import { unsealCode } from './phone.codes';
import { deleteExpiredSmsCodes } from './phone.repository';
import { fileSmsSender, httpSmsSender, type SmsSender } from './sms.sender';

/** The sender the settings name (tests may hand their own `fetch`). */
export async function smsSenderFor(ctx: AppContext, settings: Pick<Settings, 'sms'>): Promise<SmsSender> {
  if (!settings.sms.url) return fileSmsSender(ctx.config.dataDir, ctx.log);
  const apiKey = (await existingSiteSecret(requireDb(ctx), SMS_API_KEY_SECRET)) ?? '';
  return httpSmsSender(settings.sms, apiKey);
}

export const smsJob = defineJob({
  name: 'phone.sms',
  payload: z.object({ to: z.string().max(20), sealed: z.string().max(200), locale: z.enum(LOCALES) }),
  // A code lives five minutes: retrying later than that sends a dead code.
  attempts: 3,
  backoffMs: 20_000,
  async run({ to, sealed, locale }, ctx) {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const settings = await ctx.settings.get(db);
    const code = await unsealCode(db, sealed, now);
    const text = String(translator(locale)('phoneSignIn.sms.text', { site: settings.siteTitle, code, minutes: SMS_CODE.ttlMs / 60_000 }));
    const sender = await smsSenderFor(ctx, settings);
    await sender.send({ to, code, text, site: settings.siteTitle });
  },
});

export const SMS_CODE_GRACE_MS = 24 * 60 * 60_000;

export const smsSweepSchedule = defineSchedule({
  name: 'phone.sweep',
  everyMs: 60 * 60_000,
  async run(ctx) {
    const swept = await deleteExpiredSmsCodes(requireDb(ctx), ctx.clock.now() - SMS_CODE_GRACE_MS);
    if (swept) ctx.log.info({ swept }, 'swept expired SMS codes');
  },
});
