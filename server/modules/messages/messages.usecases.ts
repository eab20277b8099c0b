/**
 * The message use cases, for the JSON routes and the page loaders alike: who may act (the
 * signed-in member, 401 otherwise; a ban does not close one's own inbox), then the service.
 */
import type { MarkMessagesReadInput } from '../../../common/validation/comment';
import type { MessageView, NotificationSettings } from '../../../common/views/message';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import type { ReadSelection } from './messages.repository';
import { markMessagesRead, messagesPage, notificationSettingsOf, unreadCount, type MarkedRead } from './messages.service';

function reader(caller: Pick<ViewerContext, 'viewer'>): UserRow {
  if (!caller.viewer) throw errors.notSignedIn();
  return caller.viewer;
}

/** GET user/messages: a page of the reader's messages, as stored (reading marks nothing). */
export function messageList(ctx: AppContext, caller: ViewerContext, params: { cursor?: string }): Promise<Page<MessageView>> {
  const db = requireDb(ctx);
  return messagesPage(db, reader(caller).id, params, { locale: caller.locale, now: caller.now });
}

/** POST user/messages/read: the named messages, or all up to `upTo`, become read. */
export function markRead(ctx: AppContext, caller: Pick<ViewerContext, 'viewer' | 'now'>, input: MarkMessagesReadInput): Promise<MarkedRead> {
  requireDb(ctx);
  const selection: ReadSelection = input.ids ? { ids: input.ids } : { upTo: input.upTo ?? null };
  return markMessagesRead(ctx, reader(caller).id, selection, caller.now);
}

/** POST user/messages/read_all: every message of the reader becomes read. */
export function markAllRead(ctx: AppContext, caller: Pick<ViewerContext, 'viewer' | 'now'>): Promise<MarkedRead> {
  requireDb(ctx);
  return markMessagesRead(ctx, reader(caller).id, { upTo: null }, caller.now);
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
