/**
 * A conversation message as something members may report (issue 28, kernel/reportables.ts):
 * only its participants see it, so only they may report it; staff take it down by removing it
 * (`removeMessage`: the staff access rule — this very report — applies, and the removal is
 * audited). It has no page: staff read the conversation through the report (the queue's
 * "Read the conversation", `POST admin/conversation/{id}/view`).
 */
import type { ReportableType } from '../../kernel/reportables';
import { conversationParticipants, messageForReport, removeMessage } from './conversations.service';

/** What the queue and the reporters' message call a message: its first words. */
const TITLE_LENGTH = 60;

export const conversationMessageReportable: ReportableType = {
  type: 'conversation_message',
  async load(db, id) {
    const message = await messageForReport(db, id);
    // A message whose author's account is gone has nobody to act on: it cannot be reported.
    if (!message || message.authorId === null) return undefined;
    const title = message.excerpt.length > TITLE_LENGTH ? `${message.excerpt.slice(0, TITLE_LENGTH - 1)}…` : message.excerpt;
    return { authorId: message.authorId, title, excerpt: message.excerpt, url: null, status: message.status, conversationId: message.conversationId };
  },
  async visibleTo(db, _id, item, viewer) {
    if (item.conversationId === undefined) return false;
    const participants = await conversationParticipants(db, item.conversationId);
    return participants.some((p) => p.userId === viewer.id && !p.left);
  },
  removals: ['delete'],
  async remove(scope, id, _removal, actor) {
    await removeMessage(scope, id, actor.id, actor.ip);
  },
};
