/**
 * The account-data mails (issue 29): the archive's link, and the erasure scheduled. Written in the
 * member's language, times in the site's time zone.
 */
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import { formatSiteTime } from '../../../common/site-time';
import type { MailMessage } from '../../infra/mail';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface AccountDataMailInput {
  locale: Locale;
  timeZone: string;
  to: string;
  nickname: string;
  siteTitle: string;
  /** The archive's link, or the page of one's data. */
  link: string;
  /** When the link stops working, or when the erasure takes effect. */
  time: number;
}

export function composeAccountDataMail(kind: 'exportReady' | 'deletionScheduled', input: AccountDataMailInput): MailMessage {
  const t = translator(input.locale);
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, time: formatSiteTime(input.time, input.locale, input.timeZone) };
  const lines = [String(t('accountData.mail.greeting', params)), String(t(`accountData.mail.${kind}.body`, params))];
  const action = String(t(`accountData.mail.${kind}.action`, params));
  const after = String(t(`accountData.mail.${kind}.after`, params));
  const text = [...lines.flatMap((line) => [line, '']), input.link, '', after, ''].join('\n');
  const html = [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>`, `<p>${escapeHtml(after)}</p>`].join('\n');
  return { to: input.to, subject: String(t(`accountData.mail.${kind}.subject`, params)), text, html };
}
