/**
 * Message as the API and the pages see it (API.md "Message"). The server writes the title at
 * read time in the reader's language; a system notice keeps its own title.
 */
import type { MessageType } from '../constants';
import type { PublicUser } from './user';

export interface MessageView {
  id: number;
  type: MessageType;
  title: string;
  /** Plain text (the comment, the reason, the notice). */
  content: string;
  /** Plain text of what was replied to or liked. */
  quoteContent: string;
  from: PublicUser | null;
  /** Site path to open (e.g. `/topic/12#comment-34`), or ''. */
  url: string;
  entityType: string;
  entityId: number;
  /** 0 unread, 1 read (reading does not change it: POST user/messages/read does). */
  status: number;
  createTime: number;
}

/** GET user/settings: the account page's notification switch. */
export interface NotificationSettings {
  replyMail: boolean;
}
