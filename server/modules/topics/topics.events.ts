/** The topics feature's facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    'topic.created': { id: number; userId: number; status: number };
    'topic.edited': { id: number; userId: number; status: number; actor: Actor };
  }
}

export {};
