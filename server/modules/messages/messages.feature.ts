/**
 * Site messages: the routes (recent, list, live badge, settings) and what follows a message
 * written by another feature's listener (`notify`, messages.api.ts): after the commit, the live
 * unread push and the reply mail.
 */
import type { Feature } from '../../features';
import { messagePages } from './messages.pages';
import { siteBaseUrl } from '../../http/site-address';
import { announceUnread, sendReplyMailLater } from './messages.service';
import { messageRoutes } from './messages.routes';

export const messagesFeature: Feature = {
  name: 'messages',
  api: messageRoutes,
  pages: messagePages,
  setup(ctx) {
    const { events } = ctx;
    events.onCommit('message.sent', 'messages', async (message, app) => {
      await announceUnread(app, [message.to]);
      sendReplyMailLater(app, message, siteBaseUrl(app.config));
    });
    events.onCommit('message.read', 'messages', (payload, app) => announceUnread(app, [payload.userId]));
  },
};
