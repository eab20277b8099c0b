/**
 * The mail a member gets when an admin decides their VIP order (after the commit; a failed mail
 * is logged, the decision stands). Written in the site's language, as reply mails are, with a
 * link to /user/profile/member.
 */
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../infra/mail';
import type { DomainEventMap } from '../../kernel/events';
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

export type VipDecision = { kind: 'activated'; fact: DomainEventMap['vip.activated'] } | { kind: 'rejected'; fact: DomainEventMap['vip.rejected'] };

export function composeVipMail(decision: VipDecision, input: { locale: Locale; to: string; nickname: string; siteTitle: string; link: string }): MailMessage {
  const t = translator(input.locale);
  const plan = t(`vip.plan.${decision.fact.order.plan}`);
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, plan, amount: decision.fact.order.amount };
  const lines =
    decision.kind === 'activated'
      ? [decision.fact.until === -1 ? t('vip.mail.activatedForever', params) : t('vip.mail.activated', { ...params, until: formatTime(decision.fact.until, input.locale) })]
      : [t('vip.mail.rejected', params), t('vip.mail.reason', { reason: decision.fact.reason })];
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

/** After the commit: mails the member about the decision, when they have an address. */
export async function sendVipMail(ctx: AppContext, decision: VipDecision): Promise<void> {
  const db = ctx.state.db;
  if (!db) return;
  const [member] = await usersByIds(db, [decision.fact.order.userId]);
  if (!member?.email) return;
  const settings = await ctx.settings.get(db);
  const message = composeVipMail(decision, {
    locale: settings.language,
    to: member.email,
    nickname: member.nickname,
    siteTitle: settings.siteTitle,
    link: `${siteBaseUrl(ctx.config)}${MEMBERSHIP_PAGE}`,
  });
  await ctx.mailer.send(message, mailTarget(ctx.config, settings));
}
