/**
 * The digest mail: what a member missed in a period (digest.content.ts), in their language (the
 * site's when not known), its dates the site's calendar days, every post a link, text and HTML
 * parts with everything escaped in the HTML, the one-click unsubscribe of the digest, and the
 * job's Message-ID. Nothing to say is no mail.
 */
import type { Locale } from '../../../common/constants';
import { translator, type TFunction } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../infra/mail';
import { siteBaseUrl } from '../../http/site-address';
import { mailTarget } from '../../infra/mail';
import { digestChoices, unsubscribeFooter, unsubscribeLinkFor, type UnsubscribeLink } from '../messages/messages.api';
import { mailableMember, mailLocaleOf } from '../users/users.api';
import { gatherDigest, hasNews, type DigestContent, type DigestPost } from './digest.content';
import { periodOfKey, type DigestPeriod } from './digest.periods';

/** The member's notifications page. */
const MESSAGES_PAGE = '/user/messages';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A calendar day `YYYY-MM-DD` in the reader's words ("Nov 27, 2026", "2026年11月27日"). */
function formatDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

interface Section {
  heading: string;
  items: Array<{ title: string; detail: string; url: string }>;
}

function postItem(t: TFunction, post: DigestPost, baseUrl: string): Section['items'][number] {
  const by = post.author ? `${t('digest.by', { nickname: post.author })} · ` : '';
  return { title: post.title, detail: by + t('digest.stats', { likes: post.likes, comments: post.comments }), url: `${baseUrl}${post.url}` };
}

function sectionsOf(t: TFunction, content: DigestContent, baseUrl: string): Section[] {
  const sections: Section[] = [];
  if (content.followed.length) sections.push({ heading: t('digest.followed'), items: content.followed.map((post) => postItem(t, post, baseUrl)) });
  if (content.site.length) sections.push({ heading: t('digest.site'), items: content.site.map((post) => postItem(t, post, baseUrl)) });
  if (content.unread.count > 0) {
    sections.push({
      heading: t('digest.unread.heading'),
      items: [
        ...content.unread.newest.map((message) => ({ title: message.title, detail: '', url: `${baseUrl}${message.url || MESSAGES_PAGE}` })),
        { title: t('digest.unread.count', { count: content.unread.count }), detail: t('digest.unread.action'), url: `${baseUrl}${MESSAGES_PAGE}` },
      ],
    });
  }
  return sections;
}

export interface DigestMailInput {
  locale: Locale;
  to: string;
  nickname: string;
  siteTitle: string;
  baseUrl: string;
  period: DigestPeriod;
  content: DigestContent;
  unsubscribe: UnsubscribeLink;
}

export function composeDigestMail(input: DigestMailInput): MailMessage {
  const t = translator(input.locale);
  const { period } = input;
  const dates = { date: formatDay(period.firstDay, input.locale), from: formatDay(period.firstDay, input.locale), to: formatDay(period.lastDay, input.locale) };
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, ...dates };
  const greeting = t('mail.greeting', params);
  const intro = t(`digest.intro.${period.kind}`, params);
  const why = t('digest.why');
  const footer = t('mail.footer', params);
  const sections = sectionsOf(t, input.content, input.baseUrl);
  const stop = unsubscribeFooter(t, 'digest', input.unsubscribe);
  const text = [
    greeting,
    '',
    intro,
    '',
    ...sections.flatMap((section) => [section.heading, '', ...section.items.flatMap((item) => [`- ${item.title}`, ...(item.detail ? [`  ${item.detail}`] : []), `  ${item.url}`]), '']),
    why,
    '',
    ...stop.text,
    '',
    '-- ',
    footer,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>\n<ul>\n${section.items
          .map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${item.detail ? ` <span style="color:#888">${escapeHtml(item.detail)}</span>` : ''}</li>`)
          .join('\n')}\n</ul>`,
    ),
    `<p style="color:#888">${escapeHtml(why)}</p>`,
    stop.html,
    `<p style="color:#888">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t(`digest.subject.${period.kind}`, params), text, html, headers: input.unsubscribe.headers };
}

/**
 * The mail job's work: the member's digest of the claimed period, unless they turned the digest
 * off since the claim, lost their verified address, or nothing is left to say (a post deleted
 * meanwhile). A failed send throws (the job retries with the same Message-ID).
 */
export async function sendDigestMail(ctx: AppContext, job: { userId: number; period: string }, messageId: string): Promise<boolean> {
  const db = ctx.state.installed ? ctx.state.db : null;
  if (!db) return false;
  const settings = await ctx.settings.get(db);
  const period = periodOfKey(job.period, settings.timeZone);
  const member = await mailableMember(db, job.userId);
  if (!period || !member) return false;
  if ((await digestChoices(db, [member.id])).get(member.id) === 0) return false;
  const now = ctx.clock.now();
  const locale = mailLocaleOf(member, settings.language);
  const content = await gatherDigest(db, member, period, { tops: new Map(), articlesOn: settings.modules.article, locale, now, timeZone: settings.timeZone });
  if (!hasNews(content)) return false;
  const baseUrl = siteBaseUrl(ctx.config);
  const message = composeDigestMail({
    locale,
    to: member.email,
    nickname: member.nickname,
    siteTitle: settings.siteTitle,
    baseUrl,
    period,
    content,
    unsubscribe: await unsubscribeLinkFor(db, baseUrl, { userId: member.id, target: 'digest' }, now),
  });
  await ctx.mailer.send({ ...message, messageId }, mailTarget(ctx.config, settings));
  return true;
}
