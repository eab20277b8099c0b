/**
 * The VIP order state machine (issue 18, ADR 0020), inside a write's transaction:
 *
 *   pending ──submit(hash)──▶ submitted ──activate──▶ active
 *      │                          └──────reject─────▶ rejected
 *      └── expires_at passes: reads as expired (nothing stored, no job)
 *
 * Every move is a conditional update on the state it leaves, so a move from any other state
 * (and the second of two simultaneous ones) matches no row and is refused with 409. The amount
 * is unique among open orders by its thousandths (`amount_lock`, a unique column); the hash is
 * unique across all orders (a unique index backs the check).
 */
import { randomInt } from 'node:crypto';
import { extendVip, VIP_LIMITS, type VipPlan } from '../../../common/vip';
import type { VipSettings } from '../../../common/validation/vip';
import type { UserRow, VipOrderRow } from '../../db/schema';
import { isUniqueViolation, stamps } from '../../db/helpers';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import type { VipOrderFact } from './vip.events';
import { lockMember, setVipExpiry } from '../users/users.api';
import { presentOrder, priceMicro, statusOf } from './vip.presenter';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  closePending,
  countQueue,
  findLockedAmounts,
  findOpenPending,
  findOrder,
  findOrderByHash,
  insertOrderOrUndo,
  markDecided,
  markSubmitted,
  releaseExpiredAmounts,
  setVipUntil,
} from './vip.repository';

const THOUSANDTH = 1_000; // micro-USDT

/** How many amounts an order tries when concurrent orders took the ones it picked. */
const AMOUNT_TRIES = 4;

/**
 * A free amount for `price`: the price plus 1–999 thousandths not held by an open order, chosen
 * at random (two members ordering at once rarely pick the same; if they do, the unique index
 * refuses the second insert and `createOrder` picks again). 409 when every one is taken.
 */
export async function freeAmount(scope: WriteScope, price: number): Promise<number> {
  const taken = new Set(await findLockedAmounts(scope.db, price + THOUSANDTH, price + VIP_LIMITS.thousandthsMax * THOUSANDTH));
  const free: number[] = [];
  for (let k = 1; k <= VIP_LIMITS.thousandthsMax; k++) if (!taken.has(price + k * THOUSANDTH)) free.push(price + k * THOUSANDTH);
  if (free.length === 0) throw errors.conflict('vip.errors.busy');
  return free[randomInt(free.length)]!;
}

/**
 * A new order for `plan`. The member's open pending order for the same plan is answered as is
 * (a second click makes no second order); one for another plan is closed first: a member has
 * one order to pay at a time.
 */
export async function createOrder(scope: WriteScope, user: UserRow, plan: VipPlan, settings: VipSettings): Promise<VipOrderRow> {
  const { db, now } = scope;
  const open = await findOpenPending(db, user.id, now);
  if (open && open.plan === plan && open.address === settings.address) return open;
  if (open) await closePending(db, open.id, now);
  await releaseExpiredAmounts(db, now);
  const price = priceMicro(settings, plan);
  for (let attempt = 1; ; attempt++) {
    const amount = await freeAmount(scope, price);
    const values = {
      user_id: user.id,
      plan,
      amount,
      amount_lock: amount,
      address: settings.address,
      status: 'pending',
      expires_at: now + settings.orderExpiryMinutes * 60_000,
      tx_hash: null,
      submit_time: 0,
      admin_id: null,
      reason: '',
      decide_time: 0,
      vip_until: 0,
      ...stamps(now),
    };
    try {
      return { id: await insertOrderOrUndo(db, values), ...values };
    } catch (error) {
      // Another order took the same amount between the read and the insert: pick again.
      if (!isUniqueViolation(error) || attempt >= AMOUNT_TRIES) throw error;
    }
  }
}

/** The order, if it is `user`'s (someone else's answers 404, as a missing one does). */
async function ownOrder(scope: WriteScope, user: UserRow, id: number): Promise<VipOrderRow> {
  const order = await findOrder(scope.db, id);
  if (!order || order.user_id !== user.id) throw errors.notFound('vip.errors.notFound');
  return order;
}

/** Why a move from this state is refused (409), in words the member or admin understands. */
function stateConflict(order: VipOrderRow, now: number) {
  return errors.conflict(`vip.errors.state.${statusOf(order, now)}`);
}

/** A hash some order already gave (409 naming `txHash`). */
function hashUsed() {
  return errors.conflict('vip.errors.hashUsed', { txHash: 'vip.errors.hashUsed' });
}

/** pending → submitted with the transaction hash (already checked: 64 hex, lower case). */
export async function submitOrder(scope: WriteScope, user: UserRow, id: number, hash: string): Promise<VipOrderRow> {
  const { db, now } = scope;
  const order = await ownOrder(scope, user, id);
  if (statusOf(order, now) !== 'pending') throw stateConflict(order, now);
  if (await findOrderByHash(db, hash)) throw hashUsed();
  let moved: boolean;
  try {
    moved = await markSubmitted(db, id, user.id, hash, now);
  } catch (error) {
    // Two orders given one hash at the same moment: the unique index keeps the first.
    if (isUniqueViolation(error)) throw hashUsed();
    throw error;
  }
  if (!moved) throw stateConflict((await findOrder(db, id)) ?? order, now);
  return { ...order, status: 'submitted', tx_hash: hash, submit_time: now, update_time: now };
}

function factOf(order: VipOrderRow, settings: VipSettings, now: number): VipOrderFact {
  const view = presentOrder(order, settings, now);
  return { id: order.id, userId: order.user_id, plan: view.plan, amount: view.amount, txHash: view.txHash };
}

/**
 * submitted → active: the order is claimed first (a conditional update only one admin's call
 * matches), then the member's row is locked and the expiry extended from the current one while
 * it is still ahead; forever stays forever.
 */
export async function activateOrder(scope: WriteScope, actor: Actor, id: number, settings: VipSettings): Promise<{ order: VipOrderRow; until: number }> {
  const { db, now } = scope;
  const order = await findOrder(db, id);
  if (!order) throw errors.notFound('vip.errors.notFound');
  if (!(await markDecided(db, id, 'active', actor.id, '', now))) throw stateConflict((await findOrder(db, id)) ?? order, now);
  const member = await lockMember(db, order.user_id);
  const previousUntil = member.vip_expire_time;
  const plan = factOf(order, settings, now).plan;
  const until = extendVip(previousUntil, plan, now);
  await setVipExpiry(db, member.id, until, now);
  await setVipUntil(db, id, until);
  const decided: VipOrderRow = { ...order, status: 'active', admin_id: actor.id, decide_time: now, amount_lock: null, vip_until: until, update_time: now };
  await scope.emit('vip.activated', { order: factOf(decided, settings, now), until, previousUntil, actor });
  // The badge shows on every page with the member's name: those pages are rendered anew.
  await scope.emit('user.profileChanged', { userId: member.id });
  return { order: decided, until };
}

/** submitted → rejected, with the reason the member is told. */
export async function rejectOrder(scope: WriteScope, actor: Actor, id: number, reason: string, settings: VipSettings): Promise<VipOrderRow> {
  const { db, now } = scope;
  const order = await findOrder(db, id);
  if (!order) throw errors.notFound('vip.errors.notFound');
  if (!(await markDecided(db, id, 'rejected', actor.id, reason, now))) throw stateConflict((await findOrder(db, id)) ?? order, now);
  const decided: VipOrderRow = { ...order, status: 'rejected', admin_id: actor.id, reason, decide_time: now, amount_lock: null, update_time: now };
  await scope.emit('vip.rejected', { order: factOf(decided, settings, now), reason, actor });
  return decided;
}

/** How many orders wait for an admin's decision (submitted): the back office dashboard's count. */
export function vipOrdersWaiting(db: Kysely<DB>, now: number): Promise<number> {
  return countQueue(db, 'submitted', now);
}
