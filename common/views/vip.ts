/** VIP membership as the API and the pages see it (issue 18, API.md `vip/*`). */
import { z } from '../zod';
import { VIP_ORDER_STATUSES, VIP_PLANS } from '../vip';
import { memberRefSchema, offsetPageOf } from './moderation';
import { pageOf } from './page';

export const vipPlanViewSchema = z.strictObject({
  id: z.enum(VIP_PLANS),
  /** Decimal text (`'30.00'`): money never travels as a float. */
  price: z.string(),
  /** Days it adds; −1 forever. */
  days: z.number(),
}).meta({ id: 'VipPlanView' });
export type VipPlanView = z.infer<typeof vipPlanViewSchema>;

/** GET vip/plans. */
export const vipPlansViewSchema = z.strictObject({
  enabled: z.boolean(),
  network: z.literal('TRC20'),
  currency: z.literal('USDT'),
  address: z.string(),
  /** How long an order waits for its payment. */
  orderExpiryMinutes: z.number(),
  plans: z.array(vipPlanViewSchema),
}).meta({ id: 'VipPlansView' });
export type VipPlansView = z.infer<typeof vipPlansViewSchema>;

/** An order as its member (and the admin) sees it. */
export const vipOrderViewSchema = z.strictObject({
  id: z.number(),
  plan: z.enum(VIP_PLANS),
  /** The exact amount to send, decimal text (`'30.007'`). */
  amount: z.string(),
  address: z.string(),
  network: z.literal('TRC20'),
  currency: z.literal('USDT'),
  status: z.enum(VIP_ORDER_STATUSES),
  /** Epoch ms the order stops taking a payment (pending orders; kept after). */
  expiresAt: z.number(),
  txHash: z.string(),
  /** The transaction on the explorer ('' before a hash is given). */
  explorerUrl: z.string(),
  /** The admin's reason for a rejection. */
  reason: z.string(),
  /** The membership's end the activation set (−1 forever, 0 before activation). */
  vipUntil: z.number(),
  createTime: z.number(),
  submitTime: z.number(),
  decideTime: z.number(),
}).meta({ id: 'VipOrderView' });
export type VipOrderView = z.infer<typeof vipOrderViewSchema>;

/** A member's membership: `kind` and the epoch ms it ends (−1 forever, 0 never had one). */
export const vipStateSchema = z.strictObject({ kind: z.enum(['none', 'active', 'forever', 'expired']), expireTime: z.number() }).meta({ id: 'VipState' });

/** /user/profile/member: the member's state, the plans, their open order and their history. */
export const vipMembershipViewSchema = z.strictObject({
  enabled: z.boolean(),
  state: vipStateSchema,
  plans: vipPlansViewSchema,
  /** The order waiting for a payment or its review (pending not yet expired, or submitted), if any. */
  openOrder: vipOrderViewSchema.nullable(),
  orders: pageOf(vipOrderViewSchema),
  now: z.number(),
}).meta({ id: 'VipMembershipView' });
export type VipMembershipView = z.infer<typeof vipMembershipViewSchema>;

/** A row of the admin queue: the order and whose it is. */
export const vipQueueRowSchema = z.strictObject({
  order: vipOrderViewSchema,
  user: memberRefSchema,
  /** The member's VIP expiry now (what an activation extends). */
  vipExpireTime: z.number(),
}).meta({ id: 'VipQueueRow' });
export type VipQueueRow = z.infer<typeof vipQueueRowSchema>;

export const vipQueuePageSchema = offsetPageOf(vipQueueRowSchema).meta({ id: 'VipQueuePage' });
export type VipQueuePage = z.infer<typeof vipQueuePageSchema>;

/** The VIP settings as the admin's form reads and writes them. */
export const vipSettingsViewSchema = z.strictObject({
  enabled: z.boolean(),
  address: z.string(),
  prices: z.record(z.enum(VIP_PLANS), z.string()),
  orderExpiryMinutes: z.number(),
  explorerUrl: z.string(),
}).meta({ id: 'VipSettingsView' });
export type VipSettingsView = z.infer<typeof vipSettingsViewSchema>;

/** /admin/vip: the settings panel and the queue. */
export const vipAdminViewSchema = z.strictObject({
  settings: vipSettingsViewSchema,
  queue: vipQueuePageSchema,
  /** Orders waiting for a decision (the dashboard's count). */
  openCount: z.number(),
}).meta({ id: 'VipAdminView' });
export type VipAdminView = z.infer<typeof vipAdminViewSchema>;
