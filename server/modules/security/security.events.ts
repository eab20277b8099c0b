/** The security feature's facts (issue 29). */

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A member added a second factor (TOTP confirmed, a passkey). `endOtherSessions`: they asked
     * for every other session to end (the auth feature's listener revokes them); `keepTokenHash`:
     * the SHA-256 (hex) of the session they did it from, which stays (null: none, e.g. a test).
     */
    'security.factorAdded': { userId: number; factor: 'totp' | 'passkey'; endOtherSessions: boolean; keepTokenHash: string | null };
  }
}

export {};
