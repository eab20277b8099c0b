/**
 * The messages feature's actions (ADR 0021): who may call each, its limit, its answer and the
 * use case it runs. Every one is the signed-in member's own inbox: a ban closes none of them.
 */
import { messageActions } from '../../../common/actions/messages';
import { markedReadViewSchema, messageViewSchema, notificationGroupViewSchema, notificationPrefsViewSchema, notificationSettingsViewSchema, recentMessagesViewSchema, unreadCountSchema } from '../../../common/views/message';
import { pageOf } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { markAllRead, markRead, markRowsReadCase, messageList, notificationPrefs, notificationRows, notificationSettings, recentList, rowMessages, unreadBadge, unreadStream, updatePrefs, updateSettings } from './messages.usecases';

const OWN_INBOX = 'marking messages read: a ban does not close one\u2019s inbox';

export const messagesActionList = [
  readAction(messageActions.recent, { who: who.reader(), answer: recentMessagesViewSchema, run: recentList }),
  readAction(messageActions.list, { who: who.reader(), answer: pageOf(messageViewSchema), run: messageList }),
  writeAction(messageActions.markRead, {
    who: who.member(OWN_INBOX),
    limit: limit.none('marks one’s own messages, at most 100 a call: an update of one’s own rows, nothing piles up'),
    answer: markedReadViewSchema,
    run: markRead,
  }),
  writeAction(messageActions.markAllRead, {
    who: who.member(OWN_INBOX),
    limit: limit.none('marks one’s own messages: an update of one’s own rows, nothing piles up'),
    answer: markedReadViewSchema,
    run: markAllRead,
  }),
  // At most `sseMaxPerUser` streams per member per process: the hub closes the oldest.
  readAction(messageActions.events, { who: who.reader(), answer: { media: 'text/event-stream', stream: true }, run: unreadStream }),
  readAction(messageActions.settings, { who: who.reader(), answer: notificationSettingsViewSchema, run: notificationSettings }),
  writeAction(messageActions.updateSettings, {
    who: who.member('notification settings: a ban does not close one\u2019s inbox'),
    limit: limit.none('one switch of one’s own row: the last write wins, nothing piles up'),
    answer: notificationSettingsViewSchema,
    run: updateSettings,
  }),
  readAction(messageActions.notifications, { who: who.reader(), answer: pageOf(notificationGroupViewSchema), run: notificationRows }),
  readAction(messageActions.groupMessages, { who: who.reader(), answer: pageOf(messageViewSchema), run: rowMessages }),
  writeAction(messageActions.markGroupsRead, {
    who: who.member(OWN_INBOX),
    limit: limit.none('marks one’s own rows, at most 100 a call: an update of one’s own rows, nothing piles up'),
    answer: markedReadViewSchema,
    run: markRowsReadCase,
  }),
  readAction(messageActions.prefs, { who: who.reader(), answer: notificationPrefsViewSchema, run: notificationPrefs }),
  writeAction(messageActions.updatePrefs, {
    who: who.member('notification preferences: a ban does not close one\u2019s inbox'),
    limit: limit.none('switches of one’s own rows (at most 22): the last write wins, nothing piles up'),
    answer: notificationPrefsViewSchema,
    run: updatePrefs,
  }),
  readAction(messageActions.unreadCount, { who: who.reader(), answer: unreadCountSchema, run: unreadBadge }),
];
