/**
 * The account mails: e-mail verification and password reset, written in the locale of the
 * request that asked for them, with a link to the site's page that completes the step
 * (`/user/email/verify?token=…`, `/user/password/reset?token=…`); and the warning to the owner
 * of an account under attack (many failed sign-ins), with a link to the account page.
 */
import { EMAIL_VERIFY_TTL_MS, PASSWORD_RESET_TTL_MS, type Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { MailMessage } from '../../infra/mail';
import { deleteEmailCodeByHash } from './email-codes.repository';
import { issueEmailCode } from './email-codes.service';
import { hashToken } from './tokens.service';

export type AccountMailKind = 'verify' | 'reset';

const PAGES: Record<AccountMailKind, string> = { verify: '/user/email/verify', reset: '/user/password/reset' };
/** Where a member changes the password (app/lib/paths.ts `account`). */
const ACCOUNT_PAGE = '/user/profile/account';

import { mailTarget } from '../../infra/mail';

export { mailTarget };

export function accountMailLink(baseUrl: string, kind: AccountMailKind, code: string): string {
  return `${baseUrl}${PAGES[kind]}?token=${encodeURIComponent(code)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A mail's parts: paragraphs before and after its one link, between the greeting and the footer. */
interface MailLayout {
  greeting: string;
  before: string[];
  link: string;
  action: string;
  after: string[];
  footer: string;
}

/** The text and HTML bodies every account mail shares. */
function layoutMail(parts: MailLayout): { text: string; html: string } {
  const paragraphs = (list: string[]) => list.flatMap((paragraph) => [paragraph, '']);
  const text = [parts.greeting, '', ...paragraphs(parts.before), parts.link, '', ...paragraphs(parts.after), '-- ', parts.footer, ''].join('\n');
  const link = escapeHtml(parts.link);
  const html = [
    `<p>${escapeHtml(parts.greeting)}</p>`,
    ...parts.before.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${link}">${escapeHtml(parts.action)}</a></p>`,
    `<p style="word-break:break-all">${link}</p>`,
    ...parts.after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p style="color:#888">${escapeHtml(parts.footer)}</p>`,
  ].join('\n');
  return { text, html };
}

export function composeAccountMail(
  kind: AccountMailKind,
  input: { locale: Locale; to: string; nickname: string; siteTitle: string; link: string },
): MailMessage {
  const t = translator(input.locale);
  const params = {
    siteTitle: input.siteTitle,
    nickname: input.nickname,
    email: input.to,
    hours: Math.round(EMAIL_VERIFY_TTL_MS / 3_600_000),
    minutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
  };
  const body = layoutMail({
    greeting: t('mail.greeting', params),
    before: [t(`mail.${kind}.intro`, params)],
    link: input.link,
    action: t(`mail.${kind}.action`, params),
    after: [t(kind === 'reset' ? 'mail.reset.ignore' : 'mail.ignore', params)],
    footer: t('mail.footer', params),
  });
  return { to: input.to, subject: t(`mail.${kind}.subject`, params), ...body };
}

/** "Someone keeps failing to sign in to your account": how often, that the owner can still sign in, and where to change the password. */
export function composeAttackMail(input: { locale: Locale; to: string; nickname: string; siteTitle: string; link: string; failures: number; windowMs: number }): MailMessage {
  const t = translator(input.locale);
  const params = { siteTitle: input.siteTitle, nickname: input.nickname, count: input.failures, minutes: Math.round(input.windowMs / 60_000) };
  const body = layoutMail({
    greeting: t('mail.greeting', params),
    before: [t('mail.attack.intro', params), t('mail.attack.safe', params), t('mail.attack.advice', params)],
    link: input.link,
    action: t('mail.attack.action', params),
    after: [],
    footer: t('mail.footer', params),
  });
  return { to: input.to, subject: t('mail.attack.subject', params), ...body };
}

/**
 * Tells the owner of an account under attack (auth/signin-guard.ts), in the site's language
 * (the failing requests' language is the attacker's), with a link to change the password.
 */
export async function sendAttackMail(
  ctx: AppContext,
  db: Database,
  input: { user: Pick<UserRow, 'email' | 'nickname'>; failures: number; windowMs: number; baseUrl: string; messageId?: string },
): Promise<void> {
  const to = input.user.email;
  if (!to) return;
  const settings = await ctx.settings.get(db);
  const message = composeAttackMail({
    locale: settings.language,
    to,
    nickname: input.user.nickname,
    siteTitle: settings.siteTitle,
    link: `${input.baseUrl}${ACCOUNT_PAGE}`,
    failures: input.failures,
    windowMs: input.windowMs,
  });
  await ctx.mailer.send({ ...message, messageId: input.messageId }, mailTarget(ctx.config, settings));
}

/**
 * Issues a one-time code for the user's current e-mail and mails its link. Resolves once the
 * SMTP server accepted the message (or the .eml file is written); rejects when sending fails,
 * after withdrawing the code (no transaction is held open across SMTP: the row is deleted).
 */
export async function sendAccountMail(
  ctx: AppContext,
  db: Database,
  input: { kind: AccountMailKind; user: Pick<UserRow, 'id' | 'email' | 'nickname'>; locale: Locale; baseUrl: string; messageId?: string },
): Promise<void> {
  const to = input.user.email;
  if (!to) throw new Error(`user ${input.user.id} has no e-mail`);
  const settings = await ctx.settings.get(db);
  const code = await issueEmailCode(db, { userId: input.user.id, purpose: input.kind, email: to }, ctx.clock.now());
  const message = composeAccountMail(input.kind, {
    locale: input.locale,
    to,
    nickname: input.user.nickname,
    siteTitle: settings.siteTitle,
    link: accountMailLink(input.baseUrl, input.kind, code),
  });
  try {
    await ctx.mailer.send({ ...message, messageId: input.messageId }, mailTarget(ctx.config, settings));
  } catch (error) {
    // The send failure is what the caller must hear about, not a failing cleanup.
    await deleteEmailCodeByHash(db, hashToken(code)).catch((cleanup: unknown) => ctx.log.error({ err: cleanup }, 'could not withdraw the code of an unsent mail'));
    throw error;
  }
}
