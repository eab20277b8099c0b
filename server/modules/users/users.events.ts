/** The users feature's facts. */


declare module '../../kernel/events' {
  interface DomainEventMap {
    /** What every reader sees of a member changed (nickname, avatar, signature, username). */
    'user.profileChanged': { userId: number };
  }
}

export {};
