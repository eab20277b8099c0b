/**
 * The message use cases, one function per action (messages.actions.ts declares who may call
 * each — the signed-in member; a ban does not close one's own inbox — its limit and its answer):
 * the JSON API and the page loaders run the same ones.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { messageActions } from '../../../common/actions/messages';
import type { MessageView, NotificationGroupView, NotificationPrefsView, NotificationSettings, RecentMessagesView } from '../../../common/views/message';
import { LOCKED_CHANNELS } from '../../../common/constants';
import { ErrorCode } from '../../../common/errors';
import { AppError } from '../../infra/errors';
import type { ReadCall, SiteSettings, StreamAnswer, WriteCall } from '../../kernel/actions';
import type { Caller } from '../../kernel/caller';
import { memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import type { ReadSelection } from './messages.repository';
import { groupMessagesPage, groupsPage } from './notification-groups.service';
import { changePreferences, preferencesOf, type Preferences } from './notification-prefs.service';
import { markMessagesRead, markRowsRead, messagesPage, notificationSettingsOf, recentMessages, unreadCount, unreadHubOf, updateNotificationSettings, type MarkedRead } from './messages.service';

type Input<K extends keyof typeof messageActions> = ParsedInputOf<(typeof messageActions)[K]>;

/** How the reader is told their messages: their language, now, and the site's time zone for the times in titles. */
function readerOf(caller: Caller, settings: SiteSettings): { locale: Caller['locale']; now: number; timeZone: string } {
  return { locale: caller.locale, now: caller.now, timeZone: settings.timeZone };
}

/** GET user/msg_recent: the unread count and the newest unread messages. */
export function recentList({ db, caller, settings }: ReadCall<Input<'recent'>, undefined>): Promise<RecentMessagesView> {
  return recentMessages(db, memberOf(caller).id, readerOf(caller, settings));
}

/** GET user/messages: a page of the reader's messages, as stored (reading marks nothing). */
export function messageList({ db, caller, input, settings }: ReadCall<Input<'list'>, undefined>): Promise<Page<MessageView>> {
  return messagesPage(db, memberOf(caller).id, input, readerOf(caller, settings));
}

/** POST user/messages/read, inside the transaction: the named messages, or all up to `upTo`, become read. */
export function markRead({ scope, caller, input }: WriteCall<Input<'markRead'>, undefined>): Promise<MarkedRead> {
  const selection: ReadSelection = input.ids ? { ids: input.ids } : { upTo: input.upTo ?? null };
  return markMessagesRead(scope, memberOf(caller).id, selection);
}

/** POST user/messages/read_all, inside the transaction: every message of the reader becomes read. */
export function markAllRead({ scope, caller }: WriteCall<Input<'markAllRead'>, undefined>): Promise<MarkedRead> {
  return markMessagesRead(scope, memberOf(caller).id, { upTo: null });
}

/**
 * GET user/events: the reader's live unread count. The HTTP door hands the raw response over;
 * the app's hub writes the stream's head, the first count and every change until the client
 * goes away or the app closes.
 */
export async function unreadStream({ ctx, caller }: ReadCall<Input<'events'>, undefined>): Promise<StreamAnswer> {
  const userId = memberOf(caller).id;
  const hub = unreadHubOf(ctx);
  return {
    open(response) {
      // Each event goes out at once, and an idle stream is kept alive by TCP too.
      response.socket?.setNoDelay(true);
      response.socket?.setKeepAlive(true);
      hub.open(userId, response);
    },
  };
}

/** GET user/settings: the reader's notification switches. */
export function notificationSettings({ db, caller }: ReadCall<Input<'settings'>, undefined>): Promise<NotificationSettings> {
  return notificationSettingsOf(db, memberOf(caller).id);
}

/** POST user/settings, inside the transaction: reply mails on or off. */
export function updateSettings({ scope, caller, input }: WriteCall<Input<'updateSettings'>, undefined>): Promise<NotificationSettings> {
  return updateNotificationSettings(scope.db, memberOf(caller).id, input, scope.now);
}

/** The header badge: the reader's unread messages. */
export function unreadBadge({ db, caller }: ReadCall<Input<'unreadCount'>, undefined>): Promise<number> {
  return unreadCount(db, memberOf(caller).id);
}

/** GET user/notifications: a page of the reader's rows. */
export function notificationRows({ db, caller, input, settings }: ReadCall<Input<'notifications'>, undefined>): Promise<Page<NotificationGroupView>> {
  return groupsPage(db, memberOf(caller).id, input.cursor, readerOf(caller, settings));
}

/** GET user/notifications/:id: one row's messages; another member's row is not found. */
export async function rowMessages({ db, caller, input, settings }: ReadCall<Input<'groupMessages'>, undefined>): Promise<Page<MessageView>> {
  const page = await groupMessagesPage(db, memberOf(caller).id, input.id, input.cursor, readerOf(caller, settings));
  if (!page) throw new AppError(404, ErrorCode.NotFound, 'message.groupNotFound');
  return page;
}

/** POST user/notifications/read, inside the transaction: the named rows and their messages become read. */
export function markRowsReadCase({ scope, caller, input }: WriteCall<Input<'markGroupsRead'>, undefined>): Promise<MarkedRead> {
  return markRowsRead(scope, memberOf(caller).id, input.ids);
}

function prefsView(prefs: Preferences): NotificationPrefsView {
  const locked = Object.fromEntries(Object.entries(LOCKED_CHANNELS).map(([kind, channels]) => [kind, [...channels]]));
  return { kinds: prefs.kinds, locked, digest: prefs.digest };
}

/** GET user/notification_prefs. */
export async function notificationPrefs({ db, caller }: ReadCall<Input<'prefs'>, undefined>): Promise<NotificationPrefsView> {
  return prefsView(await preferencesOf(db, memberOf(caller).id));
}

/** POST user/notification_prefs, inside the transaction: the switches sent, the digest period. */
export async function updatePrefs({ scope, caller, input }: WriteCall<Input<'updatePrefs'>, undefined>): Promise<NotificationPrefsView> {
  return prefsView(await changePreferences(scope.db, memberOf(caller).id, input, scope.now));
}
