/** The reactions feature's facts (likes, favorites). */
import type { ContentHead } from '../../kernel/kinds';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** A like or favorite added or taken back (only when it really changed). */
    'reaction.changed': { reaction: 'like' | 'favorite'; on: boolean; actorId: number; item: ContentHead };
  }
}

export {};
