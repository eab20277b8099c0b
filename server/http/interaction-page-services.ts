/**
 * The comment, favorite and message pages' slice of the load-context facade
 * (`context.site.interactions.*`, DESIGN convention 11): thin calls into the comments,
 * reactions and messages services for page loaders. Failures a page shows (not found) come back
 * as values with the message in the reader's language, because route modules run from the SSR
 * bundle and cannot `instanceof` the server's AppError.
 */
import type { CommentableType } from '../../common/constants';
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { UserRow } from '../db/schema';
import type { CommentView } from '../modules/comments/comments.presenter';
import { commentPage } from '../modules/comments/comments.service';
import type { MessageView } from '../modules/messages/messages.presenter';
import { announceUnread, notificationSettingsOf, readMessages, unreadCount, type NotificationSettings } from '../modules/messages/messages.service';
import { favoritesPage, type FavoriteView } from '../modules/reactions/reactions.service';
import type { Page } from '../kernel/paging';
import type { ViewerContext } from '../kernel/caller';
import { attemptForPage, type PageResult, type PageViewer } from './topic-page-services';

/** Who reads the page (the load context's user and locale): the same as the topic pages'. */
export type InteractionViewer = PageViewer;

/** A page-visible outcome: the value, or the status and the translated message to show. */
export type InteractionResult<T> = PageResult<T>;

export interface InteractionPageServices {
  /** GET comment/comments: a page of an item's comments (first page without a cursor). */
  comments(viewer: InteractionViewer, params: { entityType: CommentableType; entityId: number; cursor?: string }): Promise<InteractionResult<Page<CommentView>>>;
  /** GET user/favorites, for the signed-in reader. */
  favorites(viewer: InteractionViewer & { user: UserRow }, params: { cursor?: string }): Promise<InteractionResult<Page<FavoriteView>>>;
  /** GET user/messages: a page of the reader's messages; marks the ones on it read (and updates their live badge). */
  messages(viewer: InteractionViewer & { user: UserRow }, params: { cursor?: string }): Promise<InteractionResult<Page<MessageView>>>;
  /** The header badge: unread messages of the user (0 for anonymous or before install). */
  unreadCount(user: UserRow | null): Promise<number>;
  /** GET user/settings: `{replyMail}` (the account page's notification switch). */
  notificationSettings(user: UserRow): NotificationSettings;
}

export function createInteractionPageServices(ctx: AppContext): InteractionPageServices {
  const context = (viewer: InteractionViewer): ViewerContext => ({ viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() });
  const attempt = attemptForPage;

  return {
    comments: (viewer, params) => attempt(viewer, () => commentPage(requireDb(ctx), ctx.kinds, params, context(viewer))),
    favorites: (viewer, params) => attempt(viewer, () => favoritesPage(requireDb(ctx), ctx.kinds, viewer.user, params, context(viewer))),
    messages: (viewer, params) =>
      attempt(viewer, async () => {
        const { page, marked } = await readMessages(requireDb(ctx), viewer.user.id, params, { locale: viewer.locale, now: ctx.clock.now() });
        if (marked > 0) await announceUnread(ctx, [viewer.user.id]);
        return page;
      }),
    unreadCount: async (user) => (user && ctx.state.installed && ctx.state.db ? unreadCount(ctx.state.db, user.id) : 0),
    notificationSettings: (user) => notificationSettingsOf(user),
  };
}
