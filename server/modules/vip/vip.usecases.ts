/**
 * The VIP use cases (issue 18), one function per action (vip.actions.ts declares who may call
 * each, the switch, the limit and the answer): members buy; admins (not moderators) decide and
 * set. Writes run inside the action's transaction.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { vipActions } from '../../../common/actions/vip';
import { VIP_LIMITS, vipStateOf } from '../../../common/vip';
import type { VipSettings } from '../../../common/validation/vip';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { VipAdminView, VipMembershipView, VipOrderView, VipPlansView, VipQueuePage, VipSettingsView } from '../../../common/views/vip';
import type { DB, UserRow, VipOrderRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Guard, ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { mapPage, pageById, type Page } from '../../kernel/paging';
import { writeSettings } from '../settings/settings.api';
import { usersByIds } from '../users/users.api';
import { presentOrder, presentPlans, presentSettings } from './vip.presenter';
import { countQueue, findQueuePage, findUserOrders } from './vip.repository';
import { activateOrder, createOrder, rejectOrder, submitOrder } from './vip.service';
import type { Kysely } from 'kysely';

type Input<K extends keyof typeof vipActions> = ParsedInputOf<(typeof vipActions)[K]>;

/** VIP off (or no wallet to pay to): 403 before any field error, as a switched-off module answers. */
export const vipEnabled: Guard = (_ctx, settings) => {
  if (!settings.vip.enabled || !settings.vip.address) throw errors.forbidden('vip.errors.disabled');
};

/** GET vip/plans: the network, the wallet and the three plans with their prices. */
export async function vipPlans({ settings }: ReadCall<Input<'plans'>, undefined>): Promise<VipPlansView> {
  return presentPlans(settings.vip);
}

/**
 * POST vip/orders, inside the transaction: the order with the exact amount to send (unique among
 * open orders) and its expiry; a second click answers the same open order.
 */
export async function placeOrder({ scope, caller, input, settings }: WriteCall<Input<'order'>, undefined>): Promise<VipOrderView> {
  const order = await createOrder(scope, memberOf(caller), input.plan, settings.vip);
  return presentOrder(order, settings.vip, caller.now);
}

/** POST vip/orders/{id}/submit: the member's own pending order, with a transaction hash no order has used. */
export async function submitTxHash({ scope, caller, input, settings }: WriteCall<Input<'submit'>, undefined>): Promise<VipOrderView> {
  const order = await submitOrder(scope, memberOf(caller), input.id, input.txHash);
  return presentOrder(order, settings.vip, caller.now);
}

async function orderPage(db: Kysely<DB>, user: UserRow, cursor: string | undefined, now: number, settings: VipSettings): Promise<Page<VipOrderView>> {
  const page = await pageById(cursor, VIP_LIMITS.pageSize, (beforeId, count) => findUserOrders(db, user.id, beforeId, count));
  return mapPage(page, (rows) => rows.map((row) => presentOrder(row, settings, now)));
}

/** GET vip/orders: the reader's orders, newest first (keyset). */
export function myOrders({ db, caller, input, settings }: ReadCall<Input<'orders'>, undefined>): Promise<Page<VipOrderView>> {
  return orderPage(db, memberOf(caller), input.cursor, caller.now, settings.vip);
}

/** /user/profile/member: state, plans, the open order and the first page of the history. */
export async function membership({ db, caller, settings }: ReadCall<Input<'membership'>, undefined>): Promise<VipMembershipView> {
  const user = memberOf(caller);
  const vip = settings.vip;
  const orders = await orderPage(db, user, undefined, caller.now, vip);
  const openOrder = orders.results.find((order) => order.status === 'pending') ?? orders.results.find((order) => order.status === 'submitted') ?? null;
  return {
    enabled: vip.enabled && vip.address !== '',
    state: vipStateOf(user.vip_expire_time, caller.now),
    plans: presentPlans(vip),
    openOrder,
    orders,
    now: caller.now,
  };
}

// ---------------------------------------------------------------------------------------------
// Admins

async function queuePage(db: Kysely<DB>, query: Input<'queue'>, now: number, settings: VipSettings): Promise<VipQueuePage> {
  const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findQueuePage(db, query.status, now, offset, ADMIN_PAGE_SIZE), countQueue(db, query.status, now)]);
  const members = new Map((await usersByIds(db, rows.map((row) => row.user_id))).map((row) => [row.id, row]));
  return {
    results: rows.map((row: VipOrderRow) => {
      const owner = members.get(row.user_id);
      return {
        order: presentOrder(row, settings, now),
        user: { id: row.user_id, nickname: owner?.nickname ?? '', avatar: owner?.avatar ?? '' },
        vipExpireTime: owner?.vip_expire_time ?? 0,
      };
    }),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** GET admin/vip/orders: one state's orders (submitted by default, oldest first), page by page. */
export function vipQueue({ db, caller, input, settings }: ReadCall<Input<'queue'>, undefined>): Promise<VipQueuePage> {
  return queuePage(db, input, caller.now, settings.vip);
}

/** /admin/vip: the settings panel, the queue, and how many orders wait. */
export async function vipAdmin({ db, caller, input, settings }: ReadCall<Input<'admin'>, undefined>): Promise<VipAdminView> {
  const queue = await queuePage(db, input, caller.now, settings.vip);
  const openCount = input.status === 'submitted' ? queue.total : await countQueue(db, 'submitted', caller.now);
  return { settings: presentSettings(settings.vip), queue, openCount };
}

/** POST admin/vip/orders/{id}/activate: submitted → active; the member's expiry extended. */
export async function activate({ scope, caller, input, settings }: WriteCall<Input<'activate'>, undefined>): Promise<VipOrderView> {
  const { order } = await activateOrder(scope, actorOf(caller), input.id, settings.vip);
  return presentOrder(order, settings.vip, caller.now);
}

/** POST admin/vip/orders/{id}/reject `{reason}`: submitted → rejected. */
export async function reject({ scope, caller, input, settings }: WriteCall<Input<'reject'>, undefined>): Promise<VipOrderView> {
  const order = await rejectOrder(scope, actorOf(caller), input.id, input.reason, settings.vip);
  return presentOrder(order, settings.vip, caller.now);
}

/** GET admin/vip/settings. */
export async function readVipSettings({ settings }: ReadCall<Input<'settings'>, undefined>): Promise<VipSettingsView> {
  return presentSettings(settings.vip);
}

/**
 * POST admin/vip/settings, inside the transaction: the whole VIP panel at once. As every settings
 * write, `settings.changed` drops the settings, feed and page caches of every process after the
 * commit (the switch shows in every page's menu) and leaves the audit row.
 */
export async function updateVipSettings({ scope, caller, input, settings }: WriteCall<Input<'updateSettings'>, undefined>): Promise<void> {
  await writeSettings(scope.db, { vip: { ...settings.vip, ...input } }, scope.now);
  await scope.emit('settings.changed', { keys: ['vip'], actor: actorOf(caller) });
}

/** After the commit: the VIP settings as every process now reads them. */
export async function presentVipSettings({ ctx, db }: ReadCall<Input<'updateSettings'>, undefined>): Promise<VipSettingsView> {
  return presentSettings((await ctx.settings.get(db)).vip);
}
