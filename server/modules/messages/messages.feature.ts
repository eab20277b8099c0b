/**
 * Site messages: the actions (recent, list, live badge, settings) and what follows a message
 * written by another feature's listener (`notify`, messages.api.ts): the reply mail, a job of
 * the same transaction, and after the commit the live unread push.
 */
import type { Feature } from '../../kernel/feature';
import { messagesActionList } from './messages.actions';
import { replyMailJob } from './messages.jobs';
import { announceUnread, mailedHere, replyMailOwed, unreadHubOf } from './messages.service';
import { deleteMessagesOf } from './messages.repository';

export const messagesFeature: Feature = {
  name: 'messages',
  actions: messagesActionList,
  jobs: [replyMailJob],
  setup(ctx) {
    // An erased member (issue 29): their messages, notification rows and choices go.
    ctx.events.onWrite('user.erased', 'messages', ({ userId }, { db }) => deleteMessagesOf(db, userId));

    const { events } = ctx;
    // A message its recipient takes by e-mail owes a mail: a job of the same transaction
    // (messages.jobs.ts), unless they have no verified address or had one within the window (the
    // job could only refuse).
    events.onWrite('message.sent', 'messages', async ({ to, from, type, kind, email, title, content, url, entityType }, scope) => {
      if (!email || !mailedHere(kind) || !(await replyMailOwed(scope.ctx, scope.db, to, scope.now))) return;
      await scope.enqueue(replyMailJob, { to, from, type, title, content, url, entityType });
    });
    events.onCommit('message.sent', 'messages', (message, app) => announceUnread(app, [message.to]));
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
