/** VIP orders and plans as they leave the server (field by field; money as decimal text). */
import { explorerLink, formatUsdt, usdtToMicro, VIP_NETWORK, VIP_CURRENCY, VIP_PLAN_DAYS, VIP_PLANS, type VipOrderStatus, type VipPlan } from '../../../common/vip';
import type { VipSettings } from '../../../common/validation/vip';
import type { VipOrderView, VipPlansView, VipSettingsView } from '../../../common/views/vip';
import type { VipOrderRow } from '../../db/schema';

export function isVipPlan(value: string): value is VipPlan {
  return (VIP_PLANS as readonly string[]).includes(value);
}

/** The stored status, with a pending order past its expiry read as expired. */
export function statusOf(row: Pick<VipOrderRow, 'status' | 'expires_at'>, now: number): VipOrderStatus {
  if (row.status === 'pending') return row.expires_at > now ? 'pending' : 'expired';
  return row.status === 'submitted' || row.status === 'active' || row.status === 'rejected' ? row.status : 'expired';
}

export function presentOrder(row: VipOrderRow, settings: Pick<VipSettings, 'explorerUrl'>, now: number): VipOrderView {
  const hash = row.tx_hash ?? '';
  return {
    id: row.id,
    plan: isVipPlan(row.plan) ? row.plan : '1y',
    amount: formatUsdt(Number(row.amount)),
    address: row.address,
    network: VIP_NETWORK,
    currency: VIP_CURRENCY,
    status: statusOf(row, now),
    expiresAt: row.expires_at,
    txHash: hash,
    explorerUrl: hash ? explorerLink(settings.explorerUrl, hash) : '',
    reason: row.reason,
    vipUntil: row.vip_until,
    createTime: row.create_time,
    submitTime: row.submit_time,
    decideTime: row.decide_time,
  };
}

/** A price in micro-USDT (the settings hold checked decimal text). */
export function priceMicro(settings: Pick<VipSettings, 'prices'>, plan: VipPlan): number {
  return usdtToMicro(settings.prices[plan]) ?? 0;
}

export function presentPlans(settings: VipSettings): VipPlansView {
  return {
    enabled: settings.enabled,
    network: VIP_NETWORK,
    currency: VIP_CURRENCY,
    address: settings.address,
    orderExpiryMinutes: settings.orderExpiryMinutes,
    plans: VIP_PLANS.map((id) => ({ id, price: formatUsdt(priceMicro(settings, id)), days: VIP_PLAN_DAYS[id] })),
  };
}

export function presentSettings(settings: VipSettings): VipSettingsView {
  return { enabled: settings.enabled, address: settings.address, prices: { ...settings.prices }, orderExpiryMinutes: settings.orderExpiryMinutes, explorerUrl: settings.explorerUrl };
}
