/** The reports feature's facts. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * Staff resolved every open report of an item at once (`closed` of them, by `reporterIds`):
     * `outcome` delete, hide, ban or dismiss; `title` what the item was called. Recorded after
     * the item was taken down or its author banned, in the same transaction.
     */
    'report.resolved': {
      caseId: number;
      type: string;
      id: number;
      title: string;
      outcome: 'delete' | 'hide' | 'ban' | 'dismiss';
      reporterIds: number[];
      closed: number;
      actor: Actor;
    };
  }
}

export {};
