/** The nodes feature's facts. */


declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * Every topic of node `from` (any status) moves to node `to`: a node being deleted hands its
     * topics on. Recorded inside the delete's transaction, after both nodes' rows are locked and
     * before the node row goes, so the topics' and search documents' handlers move their rows first.
     */
    'node.topicsMoved': { from: number; to: number };
  }
}

export {};
