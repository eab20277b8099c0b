/**
 * Message as the API and the pages see it (API.md "Message"). The server writes the title at
 * read time in the reader's language; a system notice keeps its own title.
 */
import { z } from 'zod';
import { MESSAGE_TYPES } from '../constants';
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
