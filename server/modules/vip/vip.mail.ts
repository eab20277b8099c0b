/**
 * The mail a member gets when an admin decides their VIP order: a job of the decision's own
 * transaction (vip.jobs.ts), sent after the commit and retried when the mail server fails; the
 * decision stands either way. Sent only while the member takes the `vip` kind by e-mail (their
 * notification preferences), written in their language (the site's when not known), with a link
 * to /user/profile/member, a one-click unsubscribe of the kind, and the job's Message-ID.
 */
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import { formatSiteTime } from '../../../common/site-time';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../infra/mail';
import type { VipPlan } from '../../../common/vip';
import { siteBaseUrl } from '../../http/site-address';
import { mailTarget } from '../../infra/mail';
import { channelsFor, unsubscribeFooter, unsubscribeLinkFor, type UnsubscribeLink } from '../messages/messages.api';
import { mailLocaleOf, usersByIds } from '../users/users.api';

export const MEMBERSHIP_PAGE = '/user/profile/member';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}


/** What the mail says of the decision: the order's member, plan and amount, and the new end or the reason. */
export type VipDecision = { userId: number; plan: VipPlan; amount: string } & ({ kind: 'activated'; until: number } | { kind: 'rejected'; reason: string });

export function composeVipMail(decision: VipDecision, input: { locale: Locale; timeZone: string; to: string; nickname: string; siteTitle: string; link: string; unsubscribe: UnsubscribeLink }): MailMessage {
  const t = translator(input.locale);
  const plan = t(`vip.plan.${decision.plan}`);
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, plan, amount: decision.amount };
  const lines =
    decision.kind === 'activated'
      ? [decision.until === -1 ? t('vip.mail.activatedForever', params) : t('vip.mail.activated', { ...params, until: formatSiteTime(decision.until, input.locale, input.timeZone) })]
      : [t('vip.mail.rejected', params), t('vip.mail.reason', { reason: decision.reason })];
  const greeting = t('mail.greeting', params);
  const footer = t('mail.footer', params);
  const action = t('vip.mail.action');
  const stop = unsubscribeFooter(t, 'vip', input.unsubscribe);
  const text = [greeting, '', ...lines.flatMap((line) => [line, '']), input.link, '', ...stop.text, '', '-- ', footer, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`,
    stop.html,
    `<p style="color:#888">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t(`vip.mail.subject.${decision.kind}`, params), text, html, headers: input.unsubscribe.headers };
}

/**
 * Mails the member about the decision, when they have an address and take VIP notices by e-mail
 * (asked when the job runs: the choice may have changed since the decision); a failed send throws
 * (the job retries).
 */
export async function sendVipMail(ctx: AppContext, decision: VipDecision, messageId: string): Promise<void> {
  const db = ctx.state.db;
  if (!db) return;
  const [member] = await usersByIds(db, [decision.userId]);
  if (!member?.email || !(await channelsFor(db, member.id, 'vip')).email) return;
  const settings = await ctx.settings.get(db);
  const baseUrl = siteBaseUrl(ctx.config);
  const message = composeVipMail(decision, {
    locale: mailLocaleOf(member, settings.language),
    timeZone: settings.timeZone,
    to: member.email,
    nickname: member.nickname,
    siteTitle: settings.siteTitle,
    link: `${baseUrl}${MEMBERSHIP_PAGE}`,
    unsubscribe: await unsubscribeLinkFor(db, baseUrl, { userId: member.id, target: 'vip' }, ctx.clock.now()),
  });
  await ctx.mailer.send({ ...message, messageId }, mailTarget(ctx.config, settings));
}
