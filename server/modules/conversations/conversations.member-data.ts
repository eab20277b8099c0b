/** What the conversations feature gives a member's archive (issue 29): the messages of their conversations. */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { findConversationMessagesOf } from './conversations.repository';

export interface ArchivedConversation {
  id: number;
  messages: Array<{ id: number; authorId: number | null; mine: boolean; content: string; time: number }>;
}

/** Every conversation the member is in, with its shown messages, oldest first. */
export async function conversationsOfMember(db: Kysely<DB>, userId: number): Promise<ArchivedConversation[]> {
  const byId = new Map<number, ArchivedConversation>();
  for (const row of await findConversationMessagesOf(db, userId, CONTENT_STATUS.published)) {
    const conversation = byId.get(row.conversation_id) ?? { id: row.conversation_id, messages: [] };
    conversation.messages.push({ id: row.id, authorId: row.user_id, mine: row.user_id === userId, content: row.content, time: row.create_time });
    byId.set(row.conversation_id, conversation);
  }
  return [...byId.values()];
}
