/**
 * Site messages: the actions (recent, list, live badge, settings) and what follows a message
 * written by another feature's listener (`notify`, messages.api.ts): after the commit, the live
 * unread push and the reply mail.
 */
import type { Feature } from '../../features';
import { siteBaseUrl } from '../../http/site-address';
import { announceUnread, sendReplyMailLater } from './messages.service';
import { messagesActionList } from './messages.actions';
import { unreadHubOf } from './messages.service';

export const messagesFeature: Feature = {
  name: 'messages',
  actions: messagesActionList,
  setup(ctx) {
    const { events } = ctx;
    events.onCommit('message.sent', 'messages', async (message, app) => {
      await announceUnread(app, [message.to]);
      sendReplyMailLater(app, message, siteBaseUrl(app.config));
    });
    events.onCommit('message.read', 'messages', (payload, app) => announceUnread(app, [payload.userId]));
  },
  // The live badge's streams: the hub hears the bus while the app runs.
  async start(ctx) {
    const hub = unreadHubOf(ctx);
    await hub.start();
    // Open event streams would keep the server from closing: they end first, with a retry hint.
    return () => hub.close();
  },
};
