/**
 * The account mails as jobs after commit (ADR 0022), and the sweep of expired sessions and codes
 * as a periodic job. Each mail carries its job's Message-ID, and is written as before: the
 * verification and reset mails in the language of the request that asked for them, the attack
 * alert in the site's (the failing requests' language is the attacker's).
 *
 * - `auth.verifyMail`: enqueued in the sign-up's transaction; the member as they are when it runs
 *   (an address verified or removed meanwhile needs no mail).
 * - `auth.resetMail`: enqueued for every valid reset request, whether or not the address has an
 *   account, so the answer is the same and as fast either way; the job looks the account up and
 *   spends the recipient's mail budget (on its first attempt only: a retry is the same mail).
 * - `auth.attackAlert`: enqueued when a refused sign-in makes an account "under attack".
 */
import { z } from 'zod';
import { LOCALES } from '../../../common/constants';
import { requireDb } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import { AppError } from '../../infra/errors';
import { defineJob, defineSchedule, jobMessageId } from '../../kernel/jobs';
import { findUserById } from '../users/users.api';
import { sendAccountMail, sendAttackMail } from './account-mail';
import { findResettableAccount } from './auth.service';
import { accountRule } from './rate-rules';
import { SWEEP_INTERVAL_MS, sweepExpired } from './sweep';

const locale = z.enum(LOCALES);
const id = z.number().int().positive();

export const verifyMailJob = defineJob({
  name: 'auth.verifyMail',
  payload: z.object({ userId: id, locale }),
  async run({ userId, locale }, ctx, info) {
    const db = requireDb(ctx);
    const user = await findUserById(db, userId);
    if (!user?.email || user.email_verified || user.status !== 0) return;
    await sendAccountMail(ctx, db, { kind: 'verify', user, locale, baseUrl: siteBaseUrl(ctx.config), messageId: jobMessageId(ctx, info) });
  },
});

export const resetMailJob = defineJob({
  name: 'auth.resetMail',
  payload: z.object({ email: z.string().max(255), locale }),
  async run({ email, locale }, ctx, info) {
    const db = requireDb(ctx);
    const user = await findResettableAccount(db, email);
    if (!user) return;
    if (info.attempt === 1) {
      try {
        await ctx.limiter.consume(accountRule(await ctx.settings.get(db), 'mailPerRecipient'), email);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        ctx.log.warn({ userId: user.id }, 'password reset mail skipped: too many for this recipient');
        return;
      }
    }
    await sendAccountMail(ctx, db, { kind: 'reset', user, locale, baseUrl: siteBaseUrl(ctx.config), messageId: jobMessageId(ctx, info) });
  },
});

export const attackAlertJob = defineJob({
  name: 'auth.attackAlert',
  payload: z.object({ userId: id, failures: z.number().int().positive(), windowMs: z.number().int().positive() }),
  async run({ userId, failures, windowMs }, ctx, info) {
    const db = requireDb(ctx);
    const user = await findUserById(db, userId);
    if (!user?.email || user.status !== 0) return;
    await sendAttackMail(ctx, db, { user, failures, windowMs, baseUrl: siteBaseUrl(ctx.config), messageId: jobMessageId(ctx, info) });
  },
});

/** Expired sessions and e-mail codes, deleted hourly (sweep.ts says why). */
export const sweepSchedule = defineSchedule({
  name: 'auth.sweep',
  everyMs: SWEEP_INTERVAL_MS,
  async run(ctx) {
    const swept = await sweepExpired(requireDb(ctx), ctx.clock.now());
    if (swept.tokens || swept.codes) ctx.log.info(swept, 'swept expired sessions and e-mail codes');
  },
});
