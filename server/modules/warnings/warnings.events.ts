/** The warnings feature's facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /** Staff (`actor`) sent `userId` a formal warning. Recorded after its row. */
    'warning.sent': { warningId: number; userId: number; reason: string; actor: Actor };
    /** The member acknowledged their warning (only the first time). */
    'warning.acknowledged': { warningId: number; userId: number; actor: Actor };
  }
}

export {};
