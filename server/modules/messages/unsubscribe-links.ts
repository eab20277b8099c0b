/**
 * One-click unsubscribe links (RFC 2369 `List-Unsubscribe`, RFC 8058 `List-Unsubscribe-Post`) on
 * every notification mail and the digest. A link carries a token that names exactly one e-mail
 * preference of one member — a notification kind's e-mail channel, or the digest — signed with
 * HMAC-SHA256 under the site's `mail-token` secret (site_secrets, made once on first use). It
 * never expires: a mail read a year later must still be able to stop the next one, and all a
 * token can do is turn that one mail off.
 *
 * Token: the signature (43 base64url characters) followed by the base64url of
 * `<userId>:<target>`, so it is a single `[A-Za-z0-9_-]` run that survives any mail client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/constants';
import type { TFunction } from '../../../common/i18n';
import type { DB } from '../../db/schema';
import { existingSiteSecret, siteSecret } from '../settings/settings.api';

/** What a link turns off: one kind's e-mails, or the digest. */
export type UnsubscribeTarget = NotificationKind | 'digest';

export interface UnsubscribeClaim {
  userId: number;
  target: UnsubscribeTarget;
}

/** The site secret's name in `site_secrets`. */
export const MAIL_TOKEN_SECRET = 'mail-token';
/** The API address a mail provider POSTs to (RFC 8058) and a GET is sent on from (to the page). */
export const UNSUBSCRIBE_API = '/api/notifications/unsubscribe';
/** The page a person lands on: it says what will be turned off and asks to confirm. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

const SIGNATURE_LENGTH = 43;

function isTarget(value: string): value is UnsubscribeTarget {
  return value === 'digest' || (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = `${claim.userId}:${claim.target}`;
  return sign(secret, payload) + Buffer.from(payload, 'utf8').toString('base64url');
}

/** What a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  if (token.length <= SIGNATURE_LENGTH || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const payload = Buffer.from(token.slice(SIGNATURE_LENGTH), 'base64url').toString('utf8');
  const given = Buffer.from(token.slice(0, SIGNATURE_LENGTH), 'utf8');
  const expected = Buffer.from(sign(secret, payload), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^([1-9][0-9]{0,15}):([a-z]+)$/.exec(payload);
  if (!match || !isTarget(match[2]!)) return null;
  const userId = Number(match[1]);
  return Number.isSafeInteger(userId) ? { userId, target: match[2] } : null;
}

/**
 * What a token names, checked against the site's key without making one: with no key stored yet
 * no link was ever sent, so every token is refused (a read must write nothing).
 */
export async function unsubscribeClaimOf(db: Kysely<DB>, token: string): Promise<UnsubscribeClaim | null> {
  const secret = await existingSiteSecret(db, MAIL_TOKEN_SECRET);
  return secret ? readUnsubscribeToken(secret, token) : null;
}

/** The site's signing key for mail links. */
export function mailTokenSecret(db: Kysely<DB>, now: number): Promise<string> {
  return siteSecret(db, MAIL_TOKEN_SECRET, now);
}

/** What a mail carries to let its reader stop it: the page for people, the headers for mail clients. */
export interface UnsubscribeLink {
  /** `https://site/unsubscribe?token=…`: shown in the mail's body. */
  page: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers: Record<string, string>;
}

export function unsubscribeLink(baseUrl: string, secret: string, claim: UnsubscribeClaim): UnsubscribeLink {
  const token = unsubscribeToken(secret, claim);
  return {
    page: `${baseUrl}${UNSUBSCRIBE_PAGE}?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${baseUrl}${UNSUBSCRIBE_API}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A member's link for one target, with the site's key read (or made) now. */
export async function unsubscribeLinkFor(db: Kysely<DB>, baseUrl: string, claim: UnsubscribeClaim, now: number): Promise<UnsubscribeLink> {
  return unsubscribeLink(baseUrl, await mailTokenSecret(db, now), claim);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The visible unsubscribe line of a mail, in its reader's language: text lines and an HTML paragraph. */
export function unsubscribeFooter(t: TFunction, target: UnsubscribeTarget, link: UnsubscribeLink): { text: string[]; html: string } {
  const line = t('unsubscribe.mail.line', { what: t(`unsubscribe.what.${target}`) });
  return {
    text: [line, link.page],
    html: `<p style="color:#888">${escapeHtml(line)} <a href="${escapeHtml(link.page)}">${escapeHtml(t('unsubscribe.mail.action'))}</a></p>`,
  };
}
