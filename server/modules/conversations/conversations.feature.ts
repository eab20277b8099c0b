/**
 * Private conversations (issue 28 part 1): the declared actions, and what follows a message —
 * the push and the e-mail to members away (jobs of the same transaction, never for a muted
 * conversation), the live delivery to the members' open pages and the header's count (after the
 * commit, over the live event stream), and the audit of every staff read and removal.
 */
import { CONVERSATION_LIVE_EVENT, type ConversationLiveEvent } from '../../../common/views/conversation';
import type { AppContext } from '../../context';
import type { DomainEventMap, WriteScope } from '../../kernel/events';
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { channelsFor, deliverToMembers } from '../messages/messages.api';
import { enqueueDirectPush } from '../push/push.api';
import { findUsersByIds } from '../users/users.api';
import { conversationsActionList } from './conversations.actions';
import { conversationMessageReportable } from './conversations.reportable';
import { CONVERSATION_MAIL_DELAY_MS, conversationMailJob } from './conversations.jobs';
import { findMessageWithAuthor, forgetMemberInConversations } from './conversations.repository';
import { CONTENT_STATUS } from '../../../common/constants';
import { presentMessage, unreadConversationsOf } from './conversations.service';

type MessageSent = DomainEventMap['conversation.messageSent'];

/** A member away hears of a text by push and (later, if still unread) e-mail, as they chose; a muted conversation, never. */
async function tellAway(sent: MessageSent, scope: WriteScope): Promise<void> {
  if (sent.kind !== 'text') return;
  const listening = sent.recipients.filter((r) => !r.muted);
  if (listening.length === 0) return;
  const [sender] = await findUsersByIds(scope.db, [sent.senderId]);
  for (const { userId } of listening) {
    const channels = await channelsFor(scope.db, userId, 'conversation');
    if (channels.push) {
      await enqueueDirectPush(scope, {
        to: userId,
        titleKey: 'conversation.push.title',
        titleParams: { name: sender?.nickname ?? '' },
        body: sent.text.slice(0, 180),
        path: `/conversations/${sent.conversationId}`,
        tag: `conversation:${sent.conversationId}`,
      });
    }
    if (channels.email) {
      await scope.enqueue(
        conversationMailJob,
        { to: userId, conversationId: sent.conversationId, senderId: sent.senderId, text: sent.text.slice(0, 2_000) },
        { delayMs: CONVERSATION_MAIL_DELAY_MS, dedupeKey: `conversation-mail:${userId}:${sent.conversationId}` },
      );
    }
  }
}

/** The message to every member's open pages (the sender's other tabs too), with each one's header count. */
async function deliverLive(sent: MessageSent, app: AppContext): Promise<void> {
  const db = app.state.db;
  if (!db) return;
  const row = await findMessageWithAuthor(db, sent.messageId);
  if (!row) return;
  const message = presentMessage(row);
  const userIds = [sent.senderId, ...sent.recipients.map((r) => r.userId)];
  const counts = await unreadConversationsOf(db, userIds);
  await deliverToMembers(
    app,
    userIds.map((userId) => ({ userId, event: CONVERSATION_LIVE_EVENT, data: { conversationId: sent.conversationId, message, unreadConversations: counts.get(userId) ?? 0 } satisfies ConversationLiveEvent })),
  );
}

/** A member's count moved by their own hand (read, mute, leave): their other tabs follow. */
async function deliverCount({ userId, conversationId }: DomainEventMap['conversation.stateChanged'], app: AppContext): Promise<void> {
  const db = app.state.db;
  if (!db) return;
  const counts = await unreadConversationsOf(db, [userId]);
  await deliverToMembers(app, [{ userId, event: CONVERSATION_LIVE_EVENT, data: { conversationId, unreadConversations: counts.get(userId) ?? 0 } satisfies ConversationLiveEvent }]);
}

export const conversationsFeature: Feature = {
  name: 'conversations',
  actions: conversationsActionList,
  jobs: [conversationMailJob],
  setup(ctx) {
    // An erased member (issue 29): they leave every conversation; the others keep what they wrote
    // (shown under "Deleted member") unless the site removes a deleted member's content.
    ctx.events.onWrite('user.erased', 'conversations', ({ userId, content }, { db, now }) => forgetMemberInConversations(db, userId, content === 'remove', CONTENT_STATUS.deleted, now));
    const { events } = ctx;
    ctx.reportables.register(conversationMessageReportable);
    events.onWrite('conversation.messageSent', 'conversations', tellAway);
    events.onCommit('conversation.messageSent', 'conversations', deliverLive);
    events.onCommit('conversation.stateChanged', 'conversations', deliverCount);
    // Staff read private words only through a report: each read and each removal is on the record.
    events.onWrite('conversation.staffRead', 'conversations', ({ conversationId, staffId, ip }, scope) =>
      recordAudit(scope.db, { actorId: staffId, action: 'conversation.staffView', targetType: 'conversation', targetId: conversationId, ip, time: scope.now }),
    );
    events.onWrite('conversation.messageRemoved', 'conversations', ({ conversationId, messageId, staffId, authorId, ip }, scope) =>
      recordAudit(scope.db, { actorId: staffId, action: 'conversation.messageRemove', targetType: 'conversation', targetId: conversationId, detail: { messageId, authorId }, ip, time: scope.now }),
    );
  },
};
