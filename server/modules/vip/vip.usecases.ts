/**
 * The VIP use cases (issue 18), for the JSON routes (`vip/*`, `admin/vip/*`) and the pages
 * (/user/profile/member, /admin/vip) alike: who may, the switch, the input, the limit, then the
 * write through `runWrite` or the read. Members buy; admins (not moderators) decide and set.
 */
import { VIP_LIMITS } from '../../../common/vip';
import { vipOrderSchema, vipRejectSchema, vipSettingsInput, vipSubmitSchema, type VipQueueQuery, type VipSettings } from '../../../common/validation/vip';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import { cursorQuery } from '../../../common/validation/fields';
import { vipStateOf } from '../../../common/vip';
import type { VipAdminView, VipMembershipView, VipOrderView, VipPlansView, VipQueuePage, VipSettingsView } from '../../../common/views/vip';
import { requireDb, type AppContext } from '../../context';
import type { UserRow, VipOrderRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Actor } from '../../kernel/events';
import { mapPage, pageById, type Page } from '../../kernel/paging';
import { runWrite } from '../../kernel/write';
import { authorize, requireWriter } from '../../policy/permissions';
import { writeSettings } from '../settings/settings.api';
import { usersByIds } from '../users/users.api';
import { presentOrder, presentPlans, presentSettings } from './vip.presenter';
import { countQueue, findQueuePage, findUserOrders } from './vip.repository';
import { activateOrder, createOrder, rejectOrder, submitOrder } from './vip.service';

/** How many times an order is tried again when another took its amount at the same moment. */
const AMOUNT_TRIES = 4;

async function vipSettings(ctx: AppContext): Promise<VipSettings> {
  return (await ctx.settings.get(requireDb(ctx))).vip;
}

function member(viewer: UserRow | null): UserRow {
  if (!viewer) throw errors.notSignedIn();
  return viewer;
}

/** VIP off (or no wallet to pay to): 403, as a switched-off module answers. */
function requireEnabled(settings: VipSettings): void {
  if (!settings.enabled || !settings.address) throw errors.forbidden('vip.errors.disabled');
}

function staffActor(caller: Caller): Actor {
  authorize(caller.viewer, 'vip:manage');
  return { id: caller.viewer.id, moderator: true, ip: caller.origin.ip };
}

/** GET vip/plans: the network, the wallet and the three plans with their prices. */
export async function vipPlans(ctx: AppContext): Promise<VipPlansView> {
  const settings = await vipSettings(ctx);
  requireEnabled(settings);
  return presentPlans(settings);
}

/**
 * POST vip/orders: signed in and not banned, VIP on, a plan, a few orders an hour; answers the
 * order with the exact amount to send (unique among open orders) and its expiry.
 */
export async function placeOrder(ctx: AppContext, caller: Caller, body: unknown): Promise<VipOrderView> {
  const user = caller.viewer;
  requireWriter(user, caller.now);
  const settings = await vipSettings(ctx);
  requireEnabled(settings);
  const { plan } = parseInput(vipOrderSchema, body);
  await ctx.limiter.consume({ name: 'vip:order', ...settings.orderLimit }, String(user.id));
  for (let attempt = 1; ; attempt++) {
    try {
      const order = await runWrite(ctx, (scope) => createOrder(scope, user, plan, settings), { now: caller.now });
      return presentOrder(order, settings, caller.now);
    } catch (error) {
      // Another order took the same amount between the read and the insert: pick again.
      if (!isUniqueViolation(error) || attempt >= AMOUNT_TRIES) throw error;
    }
  }
}

/**
 * POST vip/orders/{id}/submit: the member's own pending order, with a transaction hash no order
 * has used. Signed in is enough: a member who paid and was banned since still reports it.
 */
export async function submitTxHash(ctx: AppContext, caller: Caller, id: number, body: unknown): Promise<VipOrderView> {
  const user = member(caller.viewer);
  const { txHash } = parseInput(vipSubmitSchema, body);
  const settings = await vipSettings(ctx);
  try {
    const order = await runWrite(ctx, (scope) => submitOrder(scope, user, id, txHash), { now: caller.now });
    return presentOrder(order, settings, caller.now);
  } catch (error) {
    // Two orders given one hash at the same moment: the unique index keeps the first.
    if (isUniqueViolation(error)) throw errors.conflict('vip.errors.hashUsed', { txHash: 'vip.errors.hashUsed' });
    throw error;
  }
}

async function orderPage(ctx: AppContext, user: UserRow, cursor: string | undefined, now: number, settings: VipSettings): Promise<Page<VipOrderView>> {
  const db = requireDb(ctx);
  const page = await pageById(cursor, VIP_LIMITS.pageSize, (beforeId, count) => findUserOrders(db, user.id, beforeId, count));
  return mapPage(page, (rows) => rows.map((row) => presentOrder(row, settings, now)));
}

/** GET vip/orders: the reader's orders, newest first (keyset). */
export async function myOrders(ctx: AppContext, viewer: ViewerContext, query: unknown): Promise<Page<VipOrderView>> {
  const user = member(viewer.viewer);
  const { cursor } = parseInput(cursorQuery, query);
  return orderPage(ctx, user, cursor, viewer.now, await vipSettings(ctx));
}

/** /user/profile/member: state, plans, the open order and the first page of the history. */
export async function membership(ctx: AppContext, viewer: ViewerContext): Promise<VipMembershipView> {
  const user = member(viewer.viewer);
  const settings = await vipSettings(ctx);
  const orders = await orderPage(ctx, user, undefined, viewer.now, settings);
  const openOrder = orders.results.find((order) => order.status === 'pending') ?? orders.results.find((order) => order.status === 'submitted') ?? null;
  return {
    enabled: settings.enabled && settings.address !== '',
    state: vipStateOf(user.vip_expire_time, viewer.now),
    plans: presentPlans(settings),
    openOrder,
    orders,
    now: viewer.now,
  };
}

// ---------------------------------------------------------------------------------------------
// Admins

/** GET admin/vip/orders: one state's orders (submitted by default, oldest first), page by page. */
export async function vipQueue(ctx: AppContext, viewer: ViewerContext, query: VipQueueQuery): Promise<VipQueuePage> {
  authorize(viewer.viewer, 'vip:manage');
  const db = requireDb(ctx);
  const settings = await vipSettings(ctx);
  const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findQueuePage(db, query.status, viewer.now, offset, ADMIN_PAGE_SIZE), countQueue(db, query.status, viewer.now)]);
  const members = new Map((await usersByIds(db, rows.map((row) => row.user_id))).map((row) => [row.id, row]));
  return {
    results: rows.map((row: VipOrderRow) => {
      const owner = members.get(row.user_id);
      return {
        order: presentOrder(row, settings, viewer.now),
        user: { id: row.user_id, nickname: owner?.nickname ?? '', avatar: owner?.avatar ?? '' },
        vipExpireTime: owner?.vip_expire_time ?? 0,
      };
    }),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** /admin/vip: the settings panel, the queue, and how many orders wait. */
export async function vipAdmin(ctx: AppContext, viewer: ViewerContext, query: VipQueueQuery): Promise<VipAdminView> {
  authorize(viewer.viewer, 'vip:manage');
  const settings = await vipSettings(ctx);
  const queue = await vipQueue(ctx, viewer, query);
  const openCount = query.status === 'submitted' ? queue.total : await countQueue(requireDb(ctx), 'submitted', viewer.now);
  return { settings: presentSettings(settings), queue, openCount };
}

/** POST admin/vip/orders/{id}/activate: submitted → active; the member's expiry extended. */
export async function activate(ctx: AppContext, caller: Caller, id: number): Promise<VipOrderView> {
  const actor = staffActor(caller);
  const settings = await vipSettings(ctx);
  const { order } = await runWrite(ctx, (scope) => activateOrder(scope, actor, id, settings), { now: caller.now });
  return presentOrder(order, settings, caller.now);
}

/** POST admin/vip/orders/{id}/reject `{reason}`: submitted → rejected. */
export async function reject(ctx: AppContext, caller: Caller, id: number, body: unknown): Promise<VipOrderView> {
  const actor = staffActor(caller);
  const { reason } = parseInput(vipRejectSchema, body);
  const settings = await vipSettings(ctx);
  const order = await runWrite(ctx, (scope) => rejectOrder(scope, actor, id, reason, settings), { now: caller.now });
  return presentOrder(order, settings, caller.now);
}

/** GET admin/vip/settings. */
export async function readVipSettings(ctx: AppContext, viewer: ViewerContext): Promise<VipSettingsView> {
  authorize(viewer.viewer, 'vip:manage');
  return presentSettings(await vipSettings(ctx));
}

/**
 * POST admin/vip/settings: the whole VIP panel at once (the switch shows in every page's menu,
 * so the cached pages go: a handler of `settings.changed`).
 */
export async function updateVipSettings(ctx: AppContext, caller: Caller, body: unknown): Promise<VipSettingsView> {
  const actor = staffActor(caller);
  const input = parseInput(vipSettingsInput, body);
  const current = await vipSettings(ctx);
  // As every settings write: `settings.changed` drops the settings, feed and page caches of
  // every process after the commit, and leaves the audit row.
  await runWrite(
    ctx,
    async (scope) => {
      await writeSettings(scope.db, { vip: { ...current, ...input } }, scope.now);
      await scope.emit('settings.changed', { keys: ['vip'], actor });
    },
    { now: caller.now },
  );
  return presentSettings(await vipSettings(ctx));
}
