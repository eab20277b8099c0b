/** VIP membership as the API and the pages see it (issue 18, API.md `vip/*`). */
import type { VipOrderStatus, VipPlan, VipState } from '../vip';
import type { MemberRef, OffsetPage } from './moderation';
import type { Page } from './page';

export interface VipPlanView {
  id: VipPlan;
  /** Decimal text (`'30.00'`): money never travels as a float. */
  price: string;
  /** Days it adds; −1 forever. */
  days: number;
}

/** GET vip/plans. */
export interface VipPlansView {
  enabled: boolean;
  network: 'TRC20';
  currency: 'USDT';
  address: string;
  /** How long an order waits for its payment. */
  orderExpiryMinutes: number;
  plans: VipPlanView[];
}

/** An order as its member (and the admin) sees it. */
export interface VipOrderView {
  id: number;
  plan: VipPlan;
  /** The exact amount to send, decimal text (`'30.007'`). */
  amount: string;
  address: string;
  network: 'TRC20';
  currency: 'USDT';
  status: VipOrderStatus;
  /** Epoch ms the order stops taking a payment (pending orders; kept after). */
  expiresAt: number;
  txHash: string;
  /** The transaction on the explorer ('' before a hash is given). */
  explorerUrl: string;
  /** The admin's reason for a rejection. */
  reason: string;
  /** The membership's end the activation set (−1 forever, 0 before activation). */
  vipUntil: number;
  createTime: number;
  submitTime: number;
  decideTime: number;
}

/** /user/profile/member: the member's state, the plans, their open order and their history. */
export interface VipMembershipView {
  enabled: boolean;
  state: VipState;
  plans: VipPlansView;
  /** The order waiting for a payment or its review (pending not yet expired, or submitted), if any. */
  openOrder: VipOrderView | null;
  orders: Page<VipOrderView>;
  now: number;
}

/** A row of the admin queue: the order and whose it is. */
export interface VipQueueRow {
  order: VipOrderView;
  user: MemberRef;
  /** The member's VIP expiry now (what an activation extends). */
  vipExpireTime: number;
}

export type VipQueuePage = OffsetPage<VipQueueRow>;

/** The VIP settings as the admin's form reads and writes them. */
export interface VipSettingsView {
  enabled: boolean;
  address: string;
  prices: Record<VipPlan, string>;
  orderExpiryMinutes: number;
  explorerUrl: string;
}

/** /admin/vip: the settings panel and the queue. */
export interface VipAdminView {
  settings: VipSettingsView;
  queue: VipQueuePage;
  /** Orders waiting for a decision (the dashboard's count). */
  openCount: number;
}
