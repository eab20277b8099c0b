/**
 * The message reads, for the JSON routes and the page loaders alike: who may read (the signed-in
 * member, 401 otherwise), then the service.
 */
import type { MessageView, NotificationSettings } from '../../../common/views/message';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { notificationSettingsOf, readMessagesPage, unreadCount } from './messages.service';

function reader(caller: Pick<ViewerContext, 'viewer'>): UserRow {
  if (!caller.viewer) throw errors.notSignedIn();
  return caller.viewer;
}

/** GET user/messages: a page of the reader's messages; the ones on it are marked read (and the live badge told). */
export function messageList(ctx: AppContext, caller: ViewerContext, params: { cursor?: string }): Promise<Page<MessageView>> {
  requireDb(ctx);
  return readMessagesPage(ctx, reader(caller).id, params, { locale: caller.locale, now: caller.now });
}

/** GET user/settings: the reader's notification switches. */
export function notificationSettings(ctx: AppContext, caller: Pick<ViewerContext, 'viewer'>): NotificationSettings {
  requireDb(ctx);
  return notificationSettingsOf(reader(caller));
}

/** The header badge: the member's unread messages (0 for anonymous or before install). */
export async function unreadBadge(ctx: AppContext, user: UserRow | null): Promise<number> {
  return user && ctx.state.installed && ctx.state.db ? unreadCount(ctx.state.db, user.id) : 0;
}
