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
});
export type MessageView = z.infer<typeof messageViewSchema>;

/** GET user/settings: the account page's notification switch. */
export const notificationSettingsViewSchema = z.strictObject({ replyMail: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsViewSchema>;
