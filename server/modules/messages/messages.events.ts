/** The messages feature's facts. */
import type { MessageType, NotificationKind } from '../../../common/constants';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A site message was written to a member (inside the transaction that caused it), with the
     * channels the member takes its kind on: `web` false means it was stored muted (never listed);
     * `email` and `push` say whether a mail or a push is owed.
     */
    'message.sent': {
      messageId: number;
      to: number;
      from: number | null;
      type: MessageType;
      kind: NotificationKind;
      title: string;
      content: string;
      url: string;
      entityType: string;
      entityId: number;
      web: boolean;
      email: boolean;
      push: boolean;
    };
    /** A member's messages were marked read. */
    'message.read': { userId: number };
  }
}

export {};
