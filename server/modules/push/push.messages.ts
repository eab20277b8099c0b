/**
 * Telling a member's devices of a site message: one push per subscription, in the language the
 * device subscribed in, with the item's title, a line of its text, the link, and a tag (the
 * service worker shows `title`/`body`, opens `url`, and lets a newer notification with the same
 * `tag` replace the older one; the push service does the same with the Topic header before
 * delivery). A device answered 404/410 is forgotten; a device that failed otherwise is retried
 * alone (push.jobs.ts), so the others never get the same push twice.
 */
import { createHash } from 'node:crypto';
import { GROUPED_TYPES, type Locale } from '../../../common/constants';
import { isLocale } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { Kysely } from 'kysely';
import type { DB, PushSubscriptionRow } from '../../db/schema';
import { siteBaseUrl } from '../../http/site-address';
import { channelsFor, messageForChannel, type MessageForChannel } from '../messages/messages.api';
import { sendPush, type PushOutcome } from './push.delivery';
import { allowsLocalEndpoints } from './push.endpoint';
import { deleteGoneSubscription, markDelivered, subscriptionsOf } from './push.repository';
import { ensureVapidKeys, vapidSubject } from './push.vapid';

/** The body is a line of the text: a notification shows about two lines. */
const BODY_MAX = 180;

/** What the service worker receives (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * One item's group (`topic_comment:/topic/12`): a newer push of it replaces the older. The item
 * is the message's link without its fragment — a comment's message names the comment as its
 * entity, yet the item the member follows is the topic. Any other type is a group of its own.
 */
export function groupKeyOf(message: Pick<MessageForChannel, 'id' | 'type' | 'url'>): string {
  const item = message.url.split('#')[0];
  return GROUPED_TYPES.has(message.type) && item ? `${message.type}:${item}` : `message:${message.id}`;
}

/** RFC 8030 Topic: at most 32 characters of the base64url alphabet, so a hash of the group. */
export function topicOf(groupKey: string): string {
  return createHash('sha256').update(groupKey).digest('base64url').slice(0, 32);
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export function payloadFor(message: MessageForChannel, locale: Locale, baseUrl: string): PushPayload {
  return {
    title: message.title(locale),
    body: clip(message.content, BODY_MAX),
    url: `${baseUrl}${message.url || '/user/messages'}`,
    tag: groupKeyOf(message),
  };
}

export interface DeliveryReport {
  delivered: number[];
  gone: number[];
  /** Subscriptions that failed and may succeed later, with why. */
  failed: Array<{ id: number; reason: string }>;
}

/**
 * Pushes the message to the recipient's subscriptions (`only`: just these ids, a retry's), and
 * records what became of each: delivered (its last success), gone (deleted), failed (reported).
 * Nothing is sent when the message is gone or the member no longer takes its kind by push.
 */
export async function pushMessage(ctx: AppContext, messageId: number, only: readonly number[] | null): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: [], gone: [], failed: [] };
  const db = ctx.state.db;
  if (!db) return report;
  const message = await messageForChannel(db, messageId, (await ctx.settings.get(db)).timeZone);
  if (!message || !(await channelsFor(db, message.to, message.kind)).push) return report;
  const subscriptions = (await subscriptionsOf(db, message.to)).filter((row) => only === null || only.includes(row.id));
  if (subscriptions.length === 0) return report;

  const vapid = await ensureVapidKeys(db, ctx.clock.now());
  const baseUrl = siteBaseUrl(ctx.config);
  const options = { vapid, subject: vapidSubject(ctx.config), topic: topicOf(groupKeyOf(message)), urgency: 'normal' as const, allowLocal: allowsLocalEndpoints(ctx.config) };
  const outcomes = await Promise.all(
    subscriptions.map(async (row): Promise<[PushSubscriptionRow, PushOutcome]> => {
      const locale: Locale = isLocale(row.locale) ? row.locale : 'en-US';
      return [row, await sendPush(row, JSON.stringify(payloadFor(message, locale, baseUrl)), options)];
    }),
  );
  return recordOutcomes(ctx, db, outcomes, report);
}

/**
 * What each device's answer means for it: delivered (stamped), gone (the push service forgot it:
 * deleted), or failed (left for a retry of that device alone). Shared by the pushes of a site
 * message and the direct ones (push.direct.ts).
 */
export async function recordOutcomes(ctx: AppContext, db: Kysely<DB>, outcomes: ReadonlyArray<[PushSubscriptionRow, PushOutcome]>, report: DeliveryReport): Promise<DeliveryReport> {
  for (const [row, outcome] of outcomes) {
    if (outcome.kind === 'delivered') {
      await markDelivered(db, row.id, ctx.clock.now());
      report.delivered.push(row.id);
    } else if (outcome.kind === 'gone') {
      await deleteGoneSubscription(db, row.id, row.endpoint_hash);
      report.gone.push(row.id);
    } else {
      report.failed.push({ id: row.id, reason: outcome.reason });
    }
  }
  return report;
}
