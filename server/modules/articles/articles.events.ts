/** The articles feature's facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    'article.created': { id: number; userId: number; status: number };
    'article.edited': { id: number; userId: number; status: number; actor: Actor };
  }
}

export {};
