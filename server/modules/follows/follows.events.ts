/** The follows feature's facts. */


declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * `followerId` started (`on`) or stopped following `followedId` (only when it really changed).
     * Recorded after both members' rows were locked, in id order, so the counter handlers queue.
     */
    'follow.changed': { followerId: number; followedId: number; on: boolean };
  }
}

export {};
