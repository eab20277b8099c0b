/**
 * Private conversations as the API and the pages see them (issue 28). A message's HTML is the
 * server's sanitized rendering (the comments' pipeline); a participant is shown by name and avatar only.
 */
import { z } from '../zod';
import { WHO_MAY_START } from '../constants';

export const conversationMemberSchema = z
  .strictObject({
    id: z.number(),
    nickname: z.string(),
    username: z.string().nullable(),
    avatar: z.string(),
    /** Whether they left (a group): still named on their old messages. */
    left: z.boolean(),
  })
  .meta({ id: 'ConversationMember' });
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

export const conversationMessageSchema = z
  .strictObject({
    id: z.number(),
    conversationId: z.number(),
    /** `text`: a member's message; `left`: a notice that `author` left the conversation. */
    kind: z.enum(['text', 'left']),
    author: conversationMemberSchema.nullable(),
    /** Sanitized HTML ('' when staff removed it). */
    contentHtml: z.string(),
    /** Removed by staff: shown as a notice. */
    removed: z.boolean(),
    createTime: z.number(),
  })
  .meta({ id: 'ConversationMessage' });
export type ConversationMessageView = z.infer<typeof conversationMessageSchema>;

export const conversationSummarySchema = z
  .strictObject({
    id: z.number(),
    isGroup: z.boolean(),
    /** The others still in it (up to 9), the starter first. */
    members: z.array(conversationMemberSchema),
    lastMessage: z
      .strictObject({
        id: z.number(),
        kind: z.enum(['text', 'left']),
        authorId: z.number().nullable(),
        authorName: z.string(),
        excerpt: z.string(),
        createTime: z.number(),
      })
      .nullable(),
    unreadCount: z.number(),
    muted: z.boolean(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationDetailSchema = z
  .strictObject({
    id: z.number(),
    isGroup: z.boolean(),
    /** Everyone who took part, the reader included; `left` marks who left. */
    members: z.array(conversationMemberSchema),
    muted: z.boolean(),
    unreadCount: z.number(),
    lastReadId: z.number(),
    lastMessageId: z.number(),
  })
  .meta({ id: 'ConversationDetail' });
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** POST conversation/start: the conversation the message went into, and whether it was found again. */
export const conversationStartedSchema = z.strictObject({ id: z.number(), reused: z.boolean(), message: conversationMessageSchema }).meta({ id: 'ConversationStarted' });
export type ConversationStarted = z.infer<typeof conversationStartedSchema>;

export const conversationUnreadSchema = z.strictObject({ conversations: z.number() }).meta({ id: 'ConversationUnread' });
export type ConversationUnread = z.infer<typeof conversationUnreadSchema>;

export const conversationStateSchema = z.strictObject({ id: z.number(), muted: z.boolean(), left: z.boolean() }).meta({ id: 'ConversationState' });
export type ConversationState = z.infer<typeof conversationStateSchema>;

export const conversationSettingsViewSchema = z.strictObject({ whoMayStart: z.enum(WHO_MAY_START) }).meta({ id: 'ConversationSettingsView' });
export type ConversationSettingsView = z.infer<typeof conversationSettingsViewSchema>;

/** Staff reading a reported conversation: who is in it and its messages, newest first. */
export const conversationStaffViewSchema = z
  .strictObject({ id: z.number(), isGroup: z.boolean(), members: z.array(conversationMemberSchema), messages: z.array(conversationMessageSchema), hasMore: z.boolean() })
  .meta({ id: 'ConversationStaffView' });
export type ConversationStaffView = z.infer<typeof conversationStaffViewSchema>;

/** The live event a member's open pages receive (`event: conversation` on GET user/events). */
export interface ConversationLiveEvent {
  conversationId: number;
  /** The new message (absent when only the count moved: a read in another tab). */
  message?: ConversationMessageView;
  /** The member's conversations with unread messages, muted ones left out (the header's badge). */
  unreadConversations: number;
}
export const CONVERSATION_LIVE_EVENT = 'conversation';
