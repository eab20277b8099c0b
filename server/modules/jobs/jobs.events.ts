/** The jobs feature's facts. */
declare module '../../kernel/events' {
  interface DomainEventMap {
    /** An admin sent failed jobs back to wait (`count` of them): the runner is kicked after the commit. */
    'jobs.retried': { count: number; actorId: number };
  }
}

export {};
