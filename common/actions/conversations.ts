/**
 * Private conversations between members (issue 28 part 1; docs/api-additions.md "Conversations"):
 * the contracts of the conversations feature's actions. Live delivery is no route of its own: the
 * member's event stream (`GET /api/user/events`) carries `event: conversation`.
 */
import { z } from '../zod';
import {
  conversationIdSchema,
  conversationListQuery,
  conversationMessageIdSchema,
  conversationMessagesQuery,
  conversationMuteSchema,
  conversationReadSchema,
  conversationSendSchema,
  conversationSettingsSchema,
  conversationStartSchema,
} from '../validation/conversation';
import type {
  ConversationDetail,
  ConversationMessageView,
  ConversationSettingsView,
  ConversationStaffView,
  ConversationStarted,
  ConversationState,
  ConversationSummary,
  ConversationUnread,
} from '../views/conversation';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

const NOT_FOUND = 'conversation.errors.notFound';

export const conversationActions = {
  start: contract({
    name: 'conversation.start',
    method: 'POST',
    path: '/api/conversation/start',
    input: conversationStartSchema,
    output: returns<ConversationStarted>(),
    summary: 'Starts a conversation with up to nine members and sends its first message; with one member, the existing one-to-one is used again.',
  }),
  send: contract({
    name: 'conversation.send',
    method: 'POST',
    path: '/api/conversation/:id/send',
    input: conversationSendSchema,
    output: returns<ConversationMessageView>(),
    summary: 'Sends a message into a conversation the reader takes part in.',
    notFound: NOT_FOUND,
  }),
  list: contract({
    name: 'conversation.list',
    method: 'GET',
    path: '/api/conversation/list',
    input: conversationListQuery,
    output: returns<Page<ConversationSummary>>(),
    summary: "The reader's conversations, the newest message first, each with the others, the last message and its unread count.",
  }),
  detail: contract({
    name: 'conversation.detail',
    method: 'GET',
    path: '/api/conversation/:id',
    input: conversationIdSchema,
    output: returns<ConversationDetail>(),
    summary: 'A conversation the reader takes part in: its members, the reader’s mute and read state.',
    notFound: NOT_FOUND,
  }),
  messages: contract({
    name: 'conversation.messages',
    method: 'GET',
    path: '/api/conversation/:id/messages',
    input: conversationMessagesQuery,
    output: returns<Page<ConversationMessageView>>(),
    summary: 'A page of a conversation’s messages, newest first (`cursor` for earlier ones; `after` for those after an id).',
    notFound: NOT_FOUND,
  }),
  markRead: contract({
    name: 'conversation.markRead',
    method: 'POST',
    path: '/api/conversation/:id/read',
    input: conversationReadSchema,
    output: returns<ConversationUnread>(),
    summary: 'Marks the conversation read up to `upTo` (or entirely); answers the reader’s unread conversations.',
    notFound: NOT_FOUND,
  }),
  mute: contract({
    name: 'conversation.mute',
    method: 'POST',
    path: '/api/conversation/:id/mute',
    input: conversationMuteSchema,
    output: returns<ConversationState>(),
    summary: 'Mutes or unmutes a conversation for the reader: no push, no e-mail, not counted in the header.',
    notFound: NOT_FOUND,
  }),
  leave: contract({
    name: 'conversation.leave',
    method: 'POST',
    path: '/api/conversation/:id/leave',
    input: conversationIdSchema,
    output: returns<ConversationState>(),
    summary: 'Leaves a conversation: a group for good (the others see it), a one-to-one until its next message.',
    notFound: NOT_FOUND,
  }),
  unreadCount: contract({
    name: 'conversation.unreadCount',
    method: 'GET',
    path: '/api/conversation/unread_count',
    input: z.object({}),
    output: returns<ConversationUnread>(),
    summary: "The reader's conversations with unread messages (muted ones left out).",
  }),
  settings: contract({
    name: 'conversation.settings',
    method: 'GET',
    path: '/api/conversation/settings',
    input: z.object({}),
    output: returns<ConversationSettingsView>(),
    summary: 'Who may start a conversation with the reader.',
  }),
  updateSettings: contract({
    name: 'conversation.updateSettings',
    method: 'POST',
    path: '/api/conversation/settings',
    input: conversationSettingsSchema,
    output: returns<ConversationSettingsView>(),
    summary: 'Sets who may start a conversation with the reader: everyone, members they follow, nobody.',
  }),
  staffView: contract({
    name: 'conversation.staffView',
    method: 'POST',
    path: '/api/admin/conversation/:id/view',
    input: conversationIdSchema,
    output: returns<ConversationStaffView>(),
    summary: 'Staff read a conversation, only through a report of it; every read is recorded in the audit log.',
    notFound: NOT_FOUND,
  }),
  removeMessage: contract({
    name: 'conversation.removeMessage',
    method: 'POST',
    path: '/api/admin/conversation/message/:id/remove',
    input: conversationMessageIdSchema,
    output: returns<ConversationMessageView>(),
    summary: 'Staff remove a message of a conversation they may read (through a report); recorded in the audit log.',
    notFound: 'conversation.errors.messageNotFound',
  }),
};
