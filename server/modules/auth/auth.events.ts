/** The auth feature's facts. */
import type { Locale } from '../../../common/constants';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A member signed up. `email` is the address given (null when none was), `locale` the language
     * of the request: the verification mail is written in it.
     */
    'user.signedUp': { userId: number; nickname: string; email: string | null; locale: Locale };
  }
}

export {};
