/** The account-data feature's facts. */
import type { AccountDeletionContent } from '../../../common/validation/settings';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A member's account is erased (issue 29, ADR 0039), at the end of its grace period. Recorded
     * once, in the erasure's one transaction; each feature that keeps rows about members deletes
     * (or anonymises) its own in a transaction listener: sessions and codes (auth), the member's
     * row (users), messages and choices (messages), devices (push), follows, favorites, blocks,
     * conversations' membership, IP records of posts and comments, scores, trust, warnings.
     * `content`: the site's setting, whether their posts stay (under "Deleted member") or go.
     */
    'user.erased': { userId: number; content: AccountDeletionContent };
  }
}

export {};
