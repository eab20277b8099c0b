/** The forbidden words' facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** An admin added, changed or removed a forbidden word (`before`: the word as it was, on update). */
    'words.changed': {
      change: 'create' | 'update' | 'delete';
      word: { id: number; pattern: string; kind: string; action: string };
      before: { pattern: string; kind: string; action: string } | null;
      actor: Actor;
    };
  }
}

export {};
