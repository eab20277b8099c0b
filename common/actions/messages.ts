/**
 * Site messages of the signed-in member (API.md "user/msg_recent", "user/messages";
 * docs/api-additions.md: marking read, the live unread stream, notification settings): the
 * contracts of the messages feature's actions.
 */
import { z } from '../zod';
import { cursorQuery, markMessagesReadSchema, notificationSettingsSchema } from '../validation/comment';
import { groupMessagesQuery, markGroupsReadSchema, notificationPrefsSchema } from '../validation/notifications';
import type { MarkedReadView, MessageView, NotificationGroupView, NotificationPrefsView, NotificationSettings, RecentMessagesView } from '../views/message';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

/** The live unread stream's path: the browser's EventSource opens it (it is no JSON call). */
export const UNREAD_STREAM_PATH = '/api/user/events';

export const messageActions = {
  recent: contract({
    name: 'message.recent',
    method: 'GET',
    path: '/api/user/msg_recent',
    input: z.object({}),
    output: returns<RecentMessagesView>(),
    summary: "The reader's unread count and newest unread messages (at most five).",
  }),
  list: contract({
    name: 'message.list',
    method: 'GET',
    path: '/api/user/messages',
    input: cursorQuery,
    output: returns<Page<MessageView>>(),
    summary: "A page of the reader's messages, newest first, each as stored (reading marks nothing).",
  }),
  markRead: contract({
    name: 'message.markRead',
    method: 'POST',
    path: '/api/user/messages/read',
    input: markMessagesReadSchema,
    output: returns<MarkedReadView>(),
    summary: "Marks the reader's messages named by `ids`, or every one up to `upTo`, read.",
  }),
  markAllRead: contract({
    name: 'message.markAllRead',
    method: 'POST',
    path: '/api/user/messages/read_all',
    input: z.object({}),
    output: returns<MarkedReadView>(),
    summary: "Marks every message of the reader read, older pages included.",
  }),
  events: contract({
    name: 'message.events',
    method: 'GET',
    path: UNREAD_STREAM_PATH,
    input: z.object({}),
    output: returns<never>(),
    summary: 'The live unread count: a Server-Sent Events stream (`event: unread` with `{count}`).',
    media: 'text/event-stream',
  }),
  settings: contract({
    name: 'message.settings',
    method: 'GET',
    path: '/api/user/settings',
    input: z.object({}),
    output: returns<NotificationSettings>(),
    summary: "The reader's notification settings (`{replyMail}`).",
  }),
  updateSettings: contract({
    name: 'message.updateSettings',
    method: 'POST',
    path: '/api/user/settings',
    input: notificationSettingsSchema,
    output: returns<NotificationSettings>(),
    summary: 'Switches reply e-mails on or off.',
  }),
  notifications: contract({
    name: 'message.notifications',
    method: 'GET',
    path: '/api/user/notifications',
    input: cursorQuery,
    output: returns<Page<NotificationGroupView>>(),
    summary: "A page of the reader's notification rows, newest activity first: while unread, messages of one item and kind gather in one row.",
  }),
  groupMessages: contract({
    name: 'message.groupMessages',
    method: 'GET',
    path: '/api/user/notifications/:id',
    input: groupMessagesQuery,
    output: returns<Page<MessageView>>(),
    summary: "The messages gathered in one of the reader's notification rows, newest first.",
    notFound: 'message.groupNotFound',
  }),
  markGroupsRead: contract({
    name: 'message.markGroupsRead',
    method: 'POST',
    path: '/api/user/notifications/read',
    input: markGroupsReadSchema,
    output: returns<MarkedReadView>(),
    summary: "Marks the reader's notification rows named by `ids` read, with every message in them.",
  }),
  prefs: contract({
    name: 'message.prefs',
    method: 'GET',
    path: '/api/user/notification_prefs',
    input: z.object({}),
    output: returns<NotificationPrefsView>(),
    summary: "The reader's notification preferences: each kind on the site, by e-mail and by push, and the e-mail digest.",
  }),
  updatePrefs: contract({
    name: 'message.updatePrefs',
    method: 'POST',
    path: '/api/user/notification_prefs',
    input: notificationPrefsSchema,
    output: returns<NotificationPrefsView>(),
    summary: 'Changes the switches sent (kind → channel → on) and/or the digest period (0, 1 or 7 days); what is not sent stays.',
  }),
  unreadCount: contract({
    name: 'message.unreadCount',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<number>(),
    summary: "The header badge: the reader's unread messages.",
  }),
};
