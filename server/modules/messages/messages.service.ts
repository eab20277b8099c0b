/**
 * Site messages: `notify` writes one message to one recipient inside a write's transaction
 * (never to the actor themself; never twice for one event when the event has a key) and records
 * `message.sent`; after the commit, that fact's handlers (messages.feature.ts) announce the
 * recipient's changed unread count on the bus (the live badge); a reply or a comment also owes a
 * reply mail job (messages.jobs.ts), sent to those who asked for one, at most one per recipient
 * per 10 minutes.
 */
import type { Kysely } from 'kysely';
import { KIND_OF_MESSAGE, MESSAGE_LIMITS, MESSAGE_STATUS, type Locale, type MessageType, type NotificationKind } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { NotificationSettings } from '../../../common/views/message';
import type { AppContext } from '../../context';
import type { DB, MessageRow } from '../../db/schema';
import { forumNamespace } from '../../infra/namespace';
import type { DomainEventMap, WriteScope } from '../../kernel/events';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import { mailTarget } from '../../infra/mail';
import { summarize } from '../content/content.api';
import { findUsersByIds, mailLocaleOf } from '../users/users.api';
import { isMessageType, messageTitle, presentMessage, type MessageParams, type MessageView } from './messages.presenter';
import { findMailableUsers, findMessage, findMessagesPage, findUnread, hasMailableAddress, insertMessageIfAbsent, markRead, type ReadSelection } from './messages.repository';
import { closeGroupsWithoutUnread, countUnreadGroups, fileInGroup, markGroupsRead } from './notification-groups.service';
import { changePreferences, channelsFor, channelsForEach, preferencesOf, type ChannelSwitches } from './notification-prefs.service';
import { MEMBER_EVENT_TOPIC, UnreadHub, UNREAD_TOPIC, type MemberDelivery } from './unread-hub';
import { unsubscribeFooter, unsubscribeLinkFor } from './unsubscribe-links';

/**
 * Whether a message of this kind is mailed by this feature when its recipient takes the kind by
 * e-mail: VIP decisions have their own mail (the VIP feature's), which reads the same choice.
 */
export function mailedHere(kind: NotificationKind): boolean {
  return kind !== 'vip';
}

export interface NotifyInput {
  /** The recipient. */
  to: number;
  /** The user whose action caused it; null for system messages. */
  from: number | null;
  type: MessageType;
  /** The subject's title (topic title…), or a system notice's own title. */
  title?: string;
  /** Plain text; cut to an excerpt. */
  content?: string;
  /** Plain text of what was replied to or liked; cut to an excerpt. */
  quote?: string;
  url?: string;
  entity?: { type: string; id: number };
  /** The item a message about a comment is about (the topic commented on): its row gathers there. */
  about?: { type: string; id: number };
  params?: MessageParams;
  /**
   * Names the event, unique per recipient: a second notify with the same key (a like after an
   * unlike, a retried request) writes nothing. Omit for events that cannot repeat.
   */
  eventKey?: string;
}

function excerpt(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  // Never more graphemes than UTF-16 units: short text needs no segmenting.
  return collapsed.length <= MESSAGE_LIMITS.excerptMax ? collapsed : summarize(collapsed, MESSAGE_LIMITS.excerptMax);
}

/**
 * Writes one message inside the write's transaction and records `message.sent` with the channels
 * the recipient takes its kind on (a kind turned off on the site is stored muted: it keeps the
 * event from repeating and is never listed). Answers whether a message was written (false for a
 * message to oneself or a repeated event).
 */
export async function notify(scope: WriteScope, input: NotifyInput): Promise<boolean> {
  const [written] = await notifyEach(scope, [input]);
  return written ?? false;
}

/**
 * `notify` for each of the messages one fact owes (a reply tells the member answered and the
 * item's author), in order, with the recipients' choices read once for all of them. Answers,
 * for each, whether it was written.
 */
export async function notifyEach(scope: WriteScope, inputs: readonly NotifyInput[]): Promise<boolean[]> {
  const sent = inputs.map((input) => input.from === null || input.from !== input.to);
  const asks = inputs.flatMap((input, i) => (sent[i] ? [{ userId: input.to, kind: KIND_OF_MESSAGE[input.type] }] : []));
  const channels = await channelsForEach(scope.db, asks);
  const written: boolean[] = [];
  let next = 0;
  for (const [i, input] of inputs.entries()) written.push(sent[i] ? await writeMessage(scope, input, channels[next++]!) : false);
  return written;
}

async function writeMessage(scope: WriteScope, input: NotifyInput, channels: ChannelSwitches): Promise<boolean> {
  const { db, now } = scope;
  const content = excerpt(input.content ?? '');
  const title = (input.title ?? '').slice(0, 255);
  const url = (input.url ?? '').slice(0, 512);
  const kind = KIND_OF_MESSAGE[input.type];
  const messageId = await insertMessageIfAbsent(db, {
    user_id: input.to,
    from_id: input.from,
    type: input.type,
    title,
    content,
    quote_content: excerpt(input.quote ?? ''),
    url,
    entity_type: input.entity?.type ?? '',
    entity_id: input.entity?.id ?? 0,
    params: JSON.stringify(input.params ?? {}),
    event_key: input.eventKey ? input.eventKey.slice(0, 128) : null,
    status: channels.web ? MESSAGE_STATUS.unread : MESSAGE_STATUS.muted,
    create_time: now,
    update_time: now,
  });
  if (messageId === null) return false;
  const entityType = input.entity?.type ?? '';
  const entityId = input.entity?.id ?? 0;
  // A muted message is never listed: it joins no row.
  if (channels.web) await fileInGroup(scope, { messageId, to: input.to, from: input.from, type: input.type, entity: { type: entityType, id: entityId }, about: input.about });
  await scope.emit('message.sent', { messageId, to: input.to, from: input.from, type: input.type, kind, title, content, url, entityType, entityId, ...channels });
  return true;
}

/** Tells every process that these users' unread counts changed (call after the commit). */
export async function announceUnread(ctx: AppContext, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  try {
    await ctx.bus.publish(UNREAD_TOPIC, { userIds: ids });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not announce unread counts');
  }
}

/**
 * Sends live events to members' open pages through their event streams (`GET user/events`), in
 * every process (call after the commit; best effort, like the badge: a page that missed one
 * catches up when it reads again).
 */
export async function deliverToMembers(ctx: AppContext, deliveries: readonly MemberDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    await ctx.bus.publish(MEMBER_EVENT_TOPIC, { deliveries });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not deliver live member events');
  }
}

/**
 * Each app's hub of live unread streams, made on first use (`GET user/events`, and the feature's
 * start with the app): it counts with the app's database and hears the app's bus.
 */
const hubs = new WeakMap<AppContext, UnreadHub>();

export function unreadHubOf(ctx: AppContext): UnreadHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new UnreadHub(ctx.bus, {
      heartbeatMs: MESSAGE_LIMITS.sseHeartbeatMs,
      maxPerUser: MESSAGE_LIMITS.sseMaxPerUser,
      retryMs: MESSAGE_LIMITS.sseRetryMs,
      count: async (userId) => (ctx.state.db ? countUnreadGroups(ctx.state.db, userId) : 0),
      onError: (error) => ctx.log.warn({ err: error }, 'unread count refresh failed'),
    });
    hubs.set(ctx, hub);
  }
  return hub;
}

/** A reply mail owed by a `message.sent` of a mailed type (messages.jobs.ts). */
export type ReplyMail = Pick<DomainEventMap['message.sent'], 'to' | 'from' | 'type' | 'title' | 'content' | 'url' | 'entityType'>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function replyMailKey(ctx: AppContext, recipientId: number): string {
  return `${forumNamespace(ctx.config)}:${recipientId}`;
}

/**
 * Whether a message its recipient takes by e-mail owes them a mail now: not when they have no
 * verified address or one reached them within the window, since its job could only refuse.
 * Asked in the write's transaction, so in a busy topic most writes enqueue no job; the job asks
 * again when it runs (the choice may change in between).
 */
export async function replyMailOwed(ctx: AppContext, db: Kysely<DB>, recipientId: number, now: number): Promise<boolean> {
  if (await ctx.replyMailThrottle.held(replyMailKey(ctx, recipientId), MESSAGE_LIMITS.replyMailWindowMs, now)) return false;
  return hasMailableAddress(db, recipientId);
}

/**
 * Sends one reply mail when its recipient asked for them (a verified address, the switch on) and
 * no other reply mail reached them in the window. The window is held by `holder` (the job), so a
 * retry of the same job after a failed send is not taken for a second mail. Written in the
 * recipient's language (the site's when not known), with a one-click unsubscribe of the kind;
 * `messageId` names the job. A failed send throws (the job is retried).
 */
export async function sendReplyMail(ctx: AppContext, mail: ReplyMail, options: { baseUrl: string; holder: string; messageId: string }): Promise<void> {
  const db = ctx.state.db;
  if (!db) return;
  const [recipient] = await findMailableUsers(db, [mail.to]);
  if (!recipient?.email || !(await channelsFor(db, recipient.id, KIND_OF_MESSAGE[mail.type])).email) return;
  const now = ctx.clock.now();
  if (!(await ctx.replyMailThrottle.hold(replyMailKey(ctx, recipient.id), options.holder, MESSAGE_LIMITS.replyMailWindowMs, now))) return;
  const [sender] = mail.from === null ? [] : await findUsersByIds(db, [mail.from]);
  const settings = await ctx.settings.get(db);
  const locale: Locale = mailLocaleOf(recipient, settings.language);
  const t = translator(locale);
  const nickname = sender?.nickname ?? t('message.someone');
  const title = messageTitle(t, locale, { type: mail.type, title: mail.title, entity_type: mail.entityType, params: '{}' }, nickname, settings.timeZone);
  const link = `${options.baseUrl}${mail.url}`;
  const params = { siteTitle: settings.siteTitle, nickname, title, minutes: Math.round(MESSAGE_LIMITS.replyMailWindowMs / 60_000) };
  const greeting = t('mail.greeting', { nickname: recipient.nickname });
  const intro = t('message.replyMail.intro', params);
  const why = t('message.replyMail.why', params);
  const footer = t('mail.footer', params);
  // One click stops this kind's mails (RFC 8058 headers for the mail client, a link for people).
  const unsubscribe = await unsubscribeLinkFor(db, options.baseUrl, { userId: recipient.id, target: KIND_OF_MESSAGE[mail.type] }, now);
  const stop = unsubscribeFooter(t, KIND_OF_MESSAGE[mail.type], unsubscribe);
  const text = [greeting, '', intro, '', mail.content, '', link, '', why, '', ...stop.text, '', '-- ', footer, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<blockquote>${escapeHtml(mail.content)}</blockquote>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('message.replyMail.action'))}</a></p>`,
    `<p style="color:#888">${escapeHtml(why)}</p>`,
    stop.html,
    `<p style="color:#888">${escapeHtml(footer)}</p>`,
  ].join('\n');
  await ctx.mailer.send({ to: recipient.email, subject: t('message.replyMail.subject', params), text, html, messageId: options.messageId, headers: unsubscribe.headers }, mailTarget(ctx.config, settings));
}

/** A message as another channel (a push) tells it: its title in any language, its text and link. */
export interface MessageForChannel {
  id: number;
  to: number;
  type: MessageType;
  kind: NotificationKind;
  entityType: string;
  entityId: number;
  /** Plain text (the comment, the reason). */
  content: string;
  /** Site path (`/topic/12#comment-34`), or ''. */
  url: string;
  /** The title as the messages page writes it, in `locale`. */
  title(locale: Locale): string;
}

/** The message, ready to be told in the recipient's devices' languages; null when it is gone. */
export async function messageForChannel(db: Kysely<DB>, id: number, timeZone: string): Promise<MessageForChannel | null> {
  const row = await findMessage(db, id);
  // A muted message (the member took this kind off the site) may still be owed a push: told all the same.
  if (!row) return null;
  const [sender] = row.from_id ? await findUsersByIds(db, [row.from_id]) : [];
  const type: MessageType = isMessageType(row.type) ? row.type : 'system';
  return {
    id: row.id,
    to: row.user_id,
    type,
    kind: KIND_OF_MESSAGE[type],
    entityType: row.entity_type,
    entityId: row.entity_id,
    content: row.content,
    url: row.url,
    title: (locale) => messageTitle(translator(locale), locale, row, sender?.nickname ?? null, timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ReaderContext {
  locale: Locale;
  now: number;
  /** The site's time zone. */
  timeZone: string;
}

async function present(db: Kysely<DB>, rows: readonly MessageRow[], context: ReaderContext): Promise<MessageView[]> {
  const senders = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.from_id === null ? [] : [r.from_id])),
  );
  const byId = new Map(senders.map((u) => [u.id, u]));
  const t = translator(context.locale);
  return rows.map((row) => presentMessage(row, row.from_id === null ? undefined : byId.get(row.from_id), { t, locale: context.locale, now: context.now, timeZone: context.timeZone }));
}

/** The badge: the reader's unread rows (a row gathers an item's likes or comments while unread). */
export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  return countUnreadGroups(db, userId);
}

/** GET user/msg_recent: the unread count (rows, as the badge) and the newest unread messages. */
export async function recentMessages(db: Kysely<DB>, userId: number, context: ReaderContext): Promise<{ count: number; messages: MessageView[] }> {
  const [count, rows] = await Promise.all([countUnreadGroups(db, userId), findUnread(db, userId, MESSAGE_LIMITS.recent)]);
  return { count, messages: await present(db, rows, context) };
}

/**
 * GET user/messages: one page, newest first, each with its status as stored. Reading changes
 * nothing: a GET may come from a prefetch, a crawler or another site's link, none of which is
 * the member reading (marking read is `markMessagesRead`, a POST).
 */
export async function messagesPage(db: Kysely<DB>, userId: number, params: { cursor?: string; limit?: number }, context: ReaderContext): Promise<Page<MessageView>> {
  const limit = params.limit ?? MESSAGE_LIMITS.pageSize;
  const rows = await findMessagesPage(db, userId, decodeIdCursor(params.cursor), limit + 1);
  const page = pageOf(rows, limit, (row) => [row.id]);
  return { results: await present(db, page.results, context), cursor: page.cursor, hasMore: page.hasMore };
}

/** What marking read answers: how many changed, and the member's unread count after it. */
export interface MarkedRead {
  marked: number;
  count: number;
}

/**
 * POST user/messages/read and read_all, inside the write: the selected unread messages of the
 * member become read, recording `message.read` when any did; its after-commit handler pushes
 * the new unread count to the member's live badges.
 */
export async function markMessagesRead(scope: WriteScope, userId: number, selection: ReadSelection): Promise<MarkedRead> {
  const marked = await markRead(scope.db, userId, selection, scope.now);
  if (marked > 0) {
    // Every row is read when every message is; else a row is read once none of its messages is unread.
    if ('upTo' in selection && selection.upTo === null) await markGroupsRead(scope.db, userId, 'all', scope.now);
    else await closeGroupsWithoutUnread(scope.db, userId, scope.now);
    await scope.emit('message.read', { userId });
  }
  return { marked, count: await countUnreadGroups(scope.db, userId) };
}

/** POST user/notifications/read: the named rows and every message in them become read. */
export async function markRowsRead(scope: WriteScope, userId: number, groupIds: readonly number[]): Promise<MarkedRead> {
  const marked = await markGroupsRead(scope.db, userId, groupIds, scope.now);
  if (marked > 0) await scope.emit('message.read', { userId });
  return { marked, count: await countUnreadGroups(scope.db, userId) };
}

export type { NotificationSettings };

/** GET user/settings (before issue 27's preferences): reply mails are comments and replies by e-mail. */
export async function notificationSettingsOf(db: Kysely<DB>, userId: number): Promise<NotificationSettings> {
  const { kinds } = await preferencesOf(db, userId);
  return { replyMail: kinds.comment.email && kinds.reply.email };
}

/** POST user/settings: reply mails on or off, that is comments and replies by e-mail. */
export async function updateNotificationSettings(db: Kysely<DB>, userId: number, input: NotificationSettings, now: number): Promise<NotificationSettings> {
  await changePreferences(db, userId, { kinds: { comment: { email: input.replyMail }, reply: { email: input.replyMail } } }, now);
  return { replyMail: input.replyMail };
}
