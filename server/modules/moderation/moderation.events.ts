/** The moderation feature's facts: a moderator's or admin's hand on a member. */
import type { Actor } from '../../kernel/events';

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * A moderator banned a member (`until`: epoch ms, or −1 forever), or banned them again with a
     * new end or reason (`previousUntil`: the end it replaced, 0 when none was running).
     */
    'user.banned': {
      user: { id: number; nickname: string };
      until: number;
      reason: string;
      previousUntil: number;
      /**
       * A forever ban that also hides the member's content: their published topics, articles and
       * comments move to the hidden status (CONTENT_STATUS.hidden) until the ban is lifted. False on
       * any other ban, whose handlers restore what an earlier hiding ban hid.
       */
      hideContent: boolean;
      actor: Actor;
    };
    /** A moderator lifted a member's ban before its end. */
    'user.unbanned': { user: { id: number; nickname: string }; previousUntil: number; reason: string; actor: Actor };
    /** An admin changed a member's role (`from` → `to`: member, moderator, admin). */
    'user.roleChanged': { user: { id: number; nickname: string }; from: string; to: string; actor: Actor };
    /** An admin marked a member's e-mail verified by hand. */
    'user.emailVerified': { user: { id: number; nickname: string }; email: string; actor: Actor };
  }
}

export {};
