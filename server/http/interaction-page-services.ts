/**
 * The comment, favorite and message pages' slice of the load-context facade
 * (`context.site.interactions.*`, DESIGN convention 11): thin calls into the comments,
 * reactions and messages services for page loaders. Failures a page shows (not found) come back
 * as values with the message in the reader's language, because route modules run from the SSR
 * bundle and cannot `instanceof` the server's AppError.
 */
import type * as Pages from '../../common/load-context';
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { UserRow } from '../db/schema';
import { commentPage } from '../modules/comments/comments.service';
import { notificationSettingsOf, readMessagesPage, unreadCount } from '../modules/messages/messages.service';
import { favoritesPage } from '../modules/reactions/reactions.service';
import type { ViewerContext } from '../kernel/caller';
import { attemptForPage } from './topic-page-services';

/** Who reads the page (the load context's user and locale): the same as the topic pages'. */
export type InteractionViewer = Pages.InteractionViewer<UserRow>;

/** A page-visible outcome: the value, or the status and the translated message to show. */
export type InteractionResult<T> = Pages.InteractionResult<T>;

/** `context.site.interactions`, declared in common/load-context.ts, over the server's user row. */
export type InteractionPageServices = Pages.InteractionPageServices<UserRow>;

export function createInteractionPageServices(ctx: AppContext): InteractionPageServices {
  const context = (viewer: InteractionViewer): ViewerContext => ({ viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() });
  const attempt = attemptForPage;

  return {
    comments: (viewer, params) => attempt(viewer, () => commentPage(requireDb(ctx), ctx.kinds, params, context(viewer))),
    favorites: (viewer, params) => attempt(viewer, () => favoritesPage(requireDb(ctx), ctx.kinds, viewer.user, params, context(viewer))),
    messages: (viewer, params) =>
      attempt(viewer, () => readMessagesPage(ctx, viewer.user.id, params, { locale: viewer.locale, now: ctx.clock.now() })),
    unreadCount: async (user) => (user && ctx.state.installed && ctx.state.db ? unreadCount(ctx.state.db, user.id) : 0),
    notificationSettings: (user) => notificationSettingsOf(user),
  };
}
