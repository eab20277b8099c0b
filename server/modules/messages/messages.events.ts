/** The messages feature's facts. */
import type { MessageType } from '../../../common/constants';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** A site message was written to a member (inside the transaction that caused it). */
    'message.sent': { to: number; from: number | null; type: MessageType; title: string; content: string; url: string; entityType: string };
    /** A member's messages were marked read. */
    'message.read': { userId: number };
  }
}

export {};
