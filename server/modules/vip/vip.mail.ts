/**
 * The mail a member gets when an admin decides their VIP order: a job of the decision's own
 * transaction (vip.jobs.ts), sent after the commit and retried when the mail server fails; the
 * decision stands either way. Written in the site's language, as reply mails are, with a link to
 * /user/profile/member, and the job's Message-ID.
 */
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../infra/mail';
import type { VipPlan } from '../../../common/vip';
import { siteBaseUrl } from '../../http/site-address';
import { mailTarget } from '../auth/auth.api';
import { usersByIds } from '../users/users.api';

export const MEMBERSHIP_PAGE = '/user/profile/member';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function formatTime(time: number, locale: Locale): string {
  return new Date(time).toLocaleString(locale, { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC';
}

/** What the mail says of the decision: the order's member, plan and amount, and the new end or the reason. */
export type VipDecision = { userId: number; plan: VipPlan; amount: string } & ({ kind: 'activated'; until: number } | { kind: 'rejected'; reason: string });

export function composeVipMail(decision: VipDecision, input: { locale: Locale; to: string; nickname: string; siteTitle: string; link: string }): MailMessage {
  const t = translator(input.locale);
  const plan = t(`vip.plan.${decision.plan}`);
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, plan, amount: decision.amount };
  const lines =
    decision.kind === 'activated'
      ? [decision.until === -1 ? t('vip.mail.activatedForever', params) : t('vip.mail.activated', { ...params, until: formatTime(decision.until, input.locale) })]
      : [t('vip.mail.rejected', params), t('vip.mail.reason', { reason: decision.reason })];
  const greeting = t('mail.greeting', params);
  const footer = t('mail.footer', params);
  const action = t('vip.mail.action');
  const text = [greeting, '', ...lines.flatMap((line) => [line, '']), input.link, '', '-- ', footer, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#888">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t(`vip.mail.subject.${decision.kind}`, params), text, html };
}

/** Mails the member about the decision, when they have an address; a failed send throws (the job retries). */
export async function sendVipMail(ctx: AppContext, decision: VipDecision, messageId: string): Promise<void> {
  const db = ctx.state.db;
  if (!db) return;
  const [member] = await usersByIds(db, [decision.userId]);
  if (!member?.email) return;
  const settings = await ctx.settings.get(db);
  const message = composeVipMail(decision, {
    locale: settings.language,
    to: member.email,
    nickname: member.nickname,
    siteTitle: settings.siteTitle,
    link: `${siteBaseUrl(ctx.config)}${MEMBERSHIP_PAGE}`,
  });
  await ctx.mailer.send({ ...message, messageId }, mailTarget(ctx.config, settings));
}
