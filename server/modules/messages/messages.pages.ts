/** The messages' slice of `context.site`: `/user/messages`, the header badge, the notification switch. */
import type { AppContext } from '../../context';
import { attemptForPage, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { messageList, notificationSettings, unreadBadge } from './messages.usecases';

export function messagePages(ctx: AppContext): PageSlice {
  return {
    interactions: {
      messages: (viewer, params) => attemptForPage(viewer, () => messageList(ctx, pageViewerContext(ctx, viewer), params)),
      unreadCount: (user) => unreadBadge(ctx, user),
      notificationSettings: (user) => notificationSettings(ctx, { viewer: user }),
    },
  };
}
