/** The comments feature's facts. */
import type { ContentHead } from '../../kernel/kinds';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * Members' comment counts moved. A new comment records it before the comment row is inserted
     * (the same MySQL lock order as `content.placementChanged`); a delete, after the status change.
     */
    'comment.countsMoved': { deltas: ReadonlyArray<readonly [userId: number, delta: number]> };
    /**
     * A comment came out: published when written, or a held one approved from the review queue
     * (then after its `content.statusChanged`). Handlers do what a new comment does (the messages
     * to the item's author and the member replied to, the author's score, caches).
     */
    'comment.created': {
      id: number;
      authorId: number;
      /** The item commented on. */
      item: ContentHead;
      /** The comment replied to, if any. */
      repliedTo: { id: number; userId: number; text: string } | null;
      text: string;
      /** The comment's HTML as stored (sanitized): read by listeners that look inside it (mentions). */
      html: string;
    };
  }
}

export {};
