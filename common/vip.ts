/**
 * VIP membership (issue 18, spec §3, §4, §9): the plans, the order states, money in integer
 * micro-USDT (never a float: 1 USDT = 1,000,000), and the expiry arithmetic the server applies
 * and the pages show. Pure: both sides import it.
 */

export const VIP_PLANS = ['1y', '2y', 'forever'] as const;
export type VipPlan = (typeof VIP_PLANS)[number];

/** Days a plan adds; −1: forever (the expiry becomes −1, which never passes). */
export const VIP_PLAN_DAYS: Record<VipPlan, number> = { '1y': 365, '2y': 730, forever: -1 };

export const VIP_NETWORK = 'TRC20';
export const VIP_CURRENCY = 'USDT';

/**
 * An order's state. `expired` is never stored: a pending order whose `expiresAt` has passed reads
 * as expired (no job has to run for it).
 */
export const VIP_ORDER_STATUSES = ['pending', 'submitted', 'active', 'rejected', 'expired'] as const;
export type VipOrderStatus = (typeof VIP_ORDER_STATUSES)[number];

export const VIP_LIMITS = {
  /** An admin's reason for a rejection. */
  reasonMax: 200,
  /** A member's order history, per page. */
  pageSize: 20,
  /** The reminder goes this many days before the expiry. */
  reminderDays: 7,
  /**
   * The amount to send is the price plus 1 to this many thousandths of a USDT, unique among the
   * open orders, so an incoming payment names its order.
   */
  thousandthsMax: 999,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MICRO_PER_USDT = 1_000_000;

/** A TRC20 transaction id: 64 hexadecimal characters (stored lower case). */
export const TX_HASH = /^[0-9a-fA-F]{64}$/;
/** A TRON address's shape: base58, 34 characters starting with T (`isTronAddress` checks its checksum too). */
export { TRON_ADDRESS_SHAPE as TRON_ADDRESS, isTronAddress } from './tron';
/** A price as the admin writes it: whole USDT with at most two decimals, below a million. */
export const PRICE_TEXT = /^(?:0|[1-9][0-9]{0,5})(?:\.[0-9]{1,2})?$/;

/** `'30.5'` → 30_500_000 micro-USDT, by the digits (never through a float); null for other text. */
export function usdtToMicro(text: string): number | null {
  const match = /^([0-9]{1,9})(?:\.([0-9]{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  return whole * MICRO_PER_USDT + fraction;
}

/** 30_007_000 → `'30.007'`, 30_000_000 → `'30.00'`: at least two decimals, no trailing zeros beyond. */
export function formatUsdt(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_USDT);
  let fraction = String(micro % MICRO_PER_USDT).padStart(6, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${whole}.${fraction}`;
}

/** A member's membership as the pages show it. */
export type VipStateKind = 'none' | 'active' | 'forever' | 'expired';

export interface VipState {
  kind: VipStateKind;
  /** Epoch ms the membership ends (−1 forever, 0 never had one). */
  expireTime: number;
}

/** The state of `expireTime` at `now`: valid while the expiry is ahead (or −1). */
export function vipStateOf(expireTime: number, now: number): VipState {
  if (expireTime === -1) return { kind: 'forever', expireTime };
  if (expireTime === 0) return { kind: 'none', expireTime };
  return { kind: expireTime > now ? 'active' : 'expired', expireTime };
}

/**
 * The expiry after activating `plan` at `now` on a membership ending at `current`: a plan of
 * days extends from the current expiry while it is still ahead (from now otherwise); "forever"
 * makes it −1, and a forever membership stays forever whatever is added.
 */
export function extendVip(current: number, plan: VipPlan, now: number): number {
  const days = VIP_PLAN_DAYS[plan];
  if (days === -1 || current === -1) return -1;
  return Math.max(current, now) + days * DAY_MS;
}

/** The explorer's page of a transaction: the admin's template with `{hash}` replaced. */
export function explorerLink(template: string, hash: string): string {
  return template.replace('{hash}', encodeURIComponent(hash));
}
