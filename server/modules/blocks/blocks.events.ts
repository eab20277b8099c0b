/** The blocks feature's facts. */

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * `blockerId` blocked (`on`) or unblocked `blockedId` (only when it really changed). Recorded
     * after both members' rows were locked, in id order, so handlers that move their counters
     * (the follows ended by a block) queue behind it.
     */
    'block.changed': { blockerId: number; blockedId: number; on: boolean };
  }
}

export {};
