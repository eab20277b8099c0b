/** The trust levels' facts (issue 28). */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** Staff set a member's trust level by hand (`locked`), or cleared it (computed again). */
    'trust.changed': { userId: number; from: number; to: number; locked: boolean; actor: Actor };
  }
}

export {};
