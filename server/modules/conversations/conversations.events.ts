/** The conversations feature's facts (issue 28). */

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A message went into a conversation (a member's text, or the notice that one left a group).
     * `recipients`: every other member still in it, with whether they muted it.
     */
    'conversation.messageSent': {
      conversationId: number;
      messageId: number;
      senderId: number;
      kind: 'text' | 'left';
      /** Plain text of the message (for a push or a mail: a line of it). */
      text: string;
      recipients: ReadonlyArray<{ userId: number; muted: boolean }>;
    };
    /** A member's own unread count moved without a message: read, muted, left. Their other tabs follow. */
    'conversation.stateChanged': { userId: number; conversationId: number };
    /** Staff read a conversation through a report (the audit's entry is written by its listener). */
    'conversation.staffRead': { conversationId: number; staffId: number; ip: string };
    /** Staff removed a message of a conversation (through a report). */
    'conversation.messageRemoved': { conversationId: number; messageId: number; staffId: number; authorId: number | null; ip: string };
  }
}

export {};
