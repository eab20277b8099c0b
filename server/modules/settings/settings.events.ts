/** The settings store's facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** An administrator changed site settings (`keys`: the setting keys written). */
    'settings.changed': { keys: readonly string[]; actor: Actor };
  }
}

export {};
