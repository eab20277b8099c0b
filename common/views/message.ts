/**
 * Message as the API and the pages see it (API.md "Message"). The server writes the title at
 * read time in the reader's language; a system notice keeps its own title.
 */
import { z } from '../zod';
import { MESSAGE_TYPES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationKind } from '../constants';
import { publicUserSchema } from './user';

export const messageViewSchema = z.strictObject({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  /** Plain text (the comment, the reason, the notice). */
  content: z.string(),
  /** Plain text of what was replied to or liked. */
  quoteContent: z.string(),
  from: publicUserSchema.nullable(),
  /** Site path to open (e.g. `/topic/12#comment-34`), or ''. */
  url: z.string(),
  entityType: z.string(),
  entityId: z.number(),
  /** 0 unread, 1 read (reading does not change it: POST user/messages/read does). */
  status: z.number(),
  createTime: z.number(),
}).meta({ id: 'MessageView' });
export type MessageView = z.infer<typeof messageViewSchema>;

/** GET user/settings: the account page's notification switch. */
export const notificationSettingsViewSchema = z.strictObject({ replyMail: z.boolean() }).meta({ id: 'NotificationSettingsView' });
export type NotificationSettings = z.infer<typeof notificationSettingsViewSchema>;

/** GET user/msg_recent: the reader's unread count and their newest unread messages (at most five). */
export const recentMessagesViewSchema = z.strictObject({ count: z.number(), messages: z.array(messageViewSchema) }).meta({ id: 'RecentMessagesView' });
export type RecentMessagesView = z.infer<typeof recentMessagesViewSchema>;

/** POST user/messages/read and read_all: how many changed, and the reader's unread count after. */
export const markedReadViewSchema = z.strictObject({ marked: z.number(), count: z.number() }).meta({ id: 'MarkedReadView' });
export type MarkedReadView = z.infer<typeof markedReadViewSchema>;

/** The header badge: the reader's unread messages. */
export const unreadCountSchema = z.number().int().nonnegative();

/**
 * One row of the notifications page (issue 27): while unread, messages of one item and kind
 * gather in one row ("Alice and 3 others liked your topic"), the newest actor first; the row's
 * text, quote and link are its newest message's.
 */
export const notificationGroupViewSchema = z.strictObject({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  /** In the reader's language: "Alice and 3 others liked your topic “…”". */
  title: z.string(),
  /** The newest distinct actors, newest first (at most five). */
  actors: z.array(publicUserSchema),
  actorCount: z.number(),
  messageCount: z.number(),
  content: z.string(),
  quoteContent: z.string(),
  url: z.string(),
  entityType: z.string(),
  entityId: z.number(),
  /** 0 unread, 1 read. */
  status: z.number(),
  /** The newest message's time. */
  updateTime: z.number(),
}).meta({ id: 'NotificationGroupView' });
export type NotificationGroupView = z.infer<typeof notificationGroupViewSchema>;

const channelSwitchesSchema = z.strictObject({ web: z.boolean(), email: z.boolean(), push: z.boolean() });

/** GET user/notification_prefs: every kind × channel (defaults where the member never chose), the locked ones, the digest. */
export const notificationPrefsViewSchema = z.strictObject({
  kinds: z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelSwitchesSchema])) as Record<NotificationKind, typeof channelSwitchesSchema>),
  /** Channels that cannot be turned off, per kind. */
  locked: z.record(z.string(), z.array(z.enum(NOTIFICATION_CHANNELS))),
  /** Days between digests (0 off, 1 daily, 7 weekly), or `auto`: weekly while away a week or more. */
  digest: z.union([z.literal(0), z.literal(1), z.literal(7), z.literal('auto')]),
}).meta({ id: 'NotificationPrefsView' });
export type NotificationPrefsView = z.infer<typeof notificationPrefsViewSchema>;
