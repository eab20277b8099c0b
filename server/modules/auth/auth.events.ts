/** The auth feature's facts. */
import type { Locale } from '../../../common/constants';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A member signed up. `email` is the address given (null when none was), `locale` the language
     * of the request: the verification mail is written in it.
     */
    'user.signedUp': { userId: number; nickname: string; email: string | null; locale: Locale };
    /**
     * A session opened for a member (finish-signin.ts `openSession`): by any way in, after the
     * second step when one was owed. Not on a password alone that still owes a code.
     */
    'user.signedIn': { userId: number };
  }
}

export {};
