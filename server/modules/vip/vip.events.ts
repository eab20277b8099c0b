/** The VIP feature's facts. */
import type { VipPlan } from '../../../common/vip';
import type { Actor } from '../../kernel/events';

/** What VIP facts carry of their order. */
export interface VipOrderFact {
  id: number;
  userId: number;
  plan: VipPlan;
  /** Decimal text of the amount paid. */
  amount: string;
  txHash: string;
}

declare module '../../kernel/events' {
  interface DomainEventMap {
    /**
     * An admin activated a submitted VIP order (issue 18): the member's expiry moved from
     * `previousUntil` to `until` (−1 forever). Recorded once per order (a conditional update).
     */
    'vip.activated': { order: VipOrderFact; until: number; previousUntil: number; actor: Actor };
    /** An admin rejected a submitted VIP order, with the reason the member is told. */
    'vip.rejected': { order: VipOrderFact; reason: string; actor: Actor };
    /** A member's VIP ends within the reminder window (found by the reminder timer); `expireTime` names that end. */
    'vip.expiring': { userId: number; expireTime: number };
  }
}
