/**
 * The e-mail of a private message to a member who is away (issue 28): enqueued by the message's
 * write with a delay, at most one waiting per member and conversation (the job's dedupe key is
 * the throttle: the messages of a busy evening make one mail). When it runs it sends nothing if
 * the member read the conversation meanwhile, muted it, left it, or turned the e-mail off.
 */
import { z } from 'zod';
import { translator } from '../../../common/i18n';
import type { Locale } from '../../../common/constants';
import type { AppContext } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import { defineJob } from '../../kernel/jobs';
import { mailTarget } from '../../infra/mail';
import { channelsFor, unsubscribeFooter, unsubscribeLinkFor } from '../messages/messages.api';
import { findUsersByIds, mailableMember, mailLocaleOf } from '../users/users.api';
import { findMembership, MEMBER_STATE } from './conversations.repository';

/** How long a message waits for its reader on the site before it is e-mailed. */
export const CONVERSATION_MAIL_DELAY_MS = 10 * 60_000;

const id = z.number().int().positive();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

async function sendConversationMail(ctx: AppContext, payload: { to: number; conversationId: number; senderId: number; text: string }): Promise<void> {
  const db = ctx.state.db;
  if (!db) return;
  const membership = await findMembership(db, payload.conversationId, payload.to);
  if (!membership || membership.state !== MEMBER_STATE.listed || membership.muted === 1 || membership.unread_count === 0) return;
  const recipient = await mailableMember(db, payload.to);
  if (!recipient || !(await channelsFor(db, recipient.id, 'conversation')).email) return;
  const [sender] = await findUsersByIds(db, [payload.senderId]);
  const settings = await ctx.settings.get(db);
  const locale: Locale = mailLocaleOf(recipient, settings.language);
  const t = translator(locale);
  const baseUrl = siteBaseUrl(ctx.config);
  const link = `${baseUrl}/conversations/${payload.conversationId}`;
  const params = { siteTitle: settings.siteTitle, nickname: sender?.nickname ?? t('message.someone'), count: membership.unread_count };
  const greeting = t('mail.greeting', { nickname: recipient.nickname });
  const intro = t('conversation.mail.intro', params);
  const unsubscribe = await unsubscribeLinkFor(db, baseUrl, { userId: recipient.id, target: 'conversation' }, ctx.clock.now());
  const stop = unsubscribeFooter(t, 'conversation', unsubscribe);
  const footer = t('mail.footer', params);
  const text = [greeting, '', intro, '', payload.text, '', link, '', ...stop.text, '', '-- ', footer, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<blockquote>${escapeHtml(payload.text)}</blockquote>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('conversation.mail.action'))}</a></p>`,
    stop.html,
    `<p style="color:#888">${escapeHtml(footer)}</p>`,
  ].join('\n');
  await ctx.mailer.send({ to: recipient.email, subject: t('conversation.mail.subject', params), text, html, headers: unsubscribe.headers }, mailTarget(ctx.config, settings));
}

export const conversationMailJob = defineJob({
  name: 'conversations.mail',
  payload: z.object({ to: id, conversationId: id, senderId: id, text: z.string().max(2_000) }),
  run: (payload, ctx) => sendConversationMail(ctx, payload),
});
