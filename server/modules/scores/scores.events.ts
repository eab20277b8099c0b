/** The scores feature's facts (check-in, score). */


declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A member checked in for `day` (yyyymmdd, the site's time zone). Recorded BEFORE the check-in
     * row is written, so the score handler locks the member's row before the insert's foreign-key
     * check does (the MySQL lock order of `content.placementChanged`); a second check-in of the day
     * then fails on the unique key and rolls its score back with it.
     */
    'checkin.recorded': { userId: number; day: number; consecutiveDays: number; score: number };
    /** A member's score moved by `amount` (a score-log row was written). */
    'score.changed': { userId: number; amount: number };
  }
}

export {};
