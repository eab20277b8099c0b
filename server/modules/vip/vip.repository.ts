/**
 * The SQL of VIP orders (`vip_orders`), and only here. State moves are conditional updates
 * (`… WHERE status = 'submitted'`): of two admins activating one order at the same moment, the
 * engine lets one update match and the other none, whatever the isolation level.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, NewVipOrder, VipOrderRow } from '../../db/schema';
import { insertReturningId } from '../../db/helpers';

export async function insertOrder(db: Kysely<DB>, values: NewVipOrder): Promise<number> {
  return insertReturningId(db, 'vip_orders', values);
}

/**
 * As `insertOrder`, inside a savepoint of the write's transaction: when the insert fails (an
 * amount a concurrent order took a moment ago: the unique `amount_lock`), only the insert is
 * undone and the transaction can try another amount (PostgreSQL refuses every later statement
 * of a transaction whose statement failed, unless it rolls back to a savepoint). The same
 * statements on every engine.
 */
export async function insertOrderOrUndo(db: Kysely<DB>, values: NewVipOrder): Promise<number> {
  await sql.raw('SAVEPOINT vip_order_amount').execute(db);
  try {
    const id = await insertOrder(db, values);
    await sql.raw('RELEASE SAVEPOINT vip_order_amount').execute(db);
    return id;
  } catch (error) {
    await sql.raw('ROLLBACK TO SAVEPOINT vip_order_amount').execute(db);
    throw error;
  }
}

export async function findOrder(db: Kysely<DB>, id: number): Promise<VipOrderRow | undefined> {
  return db.selectFrom('vip_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByHash(db: Kysely<DB>, hash: string): Promise<VipOrderRow | undefined> {
  return db.selectFrom('vip_orders').selectAll().where('tx_hash', '=', hash).executeTakeFirst();
}

/** Amounts held by open orders in [from, to] (one range of the unique amount index). */
export async function findLockedAmounts(db: Kysely<DB>, from: number, to: number): Promise<number[]> {
  const rows = await db.selectFrom('vip_orders').select('amount_lock').where('amount_lock', '>=', from).where('amount_lock', '<=', to).execute();
  return rows.map((row) => Number(row.amount_lock));
}

/** Pending orders past their expiry give their amount back (they read as expired; nothing else changes). */
export async function releaseExpiredAmounts(db: Kysely<DB>, now: number): Promise<void> {
  await db.updateTable('vip_orders').set({ amount_lock: null, update_time: now }).where('amount_lock', 'is not', null).where('status', '=', 'pending').where('expires_at', '<=', now).execute();
}

/** The member's newest pending order still open at `now`. */
export async function findOpenPending(db: Kysely<DB>, userId: number, now: number): Promise<VipOrderRow | undefined> {
  return db
    .selectFrom('vip_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Ends a pending order now (the member chose another plan): it reads as expired from now on. */
export async function closePending(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('vip_orders').set({ expires_at: now, amount_lock: null, update_time: now }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** pending (not yet expired) → submitted, with the hash; answers whether this call moved it. */
export async function markSubmitted(db: Kysely<DB>, id: number, userId: number, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('vip_orders')
    .set({ status: 'submitted', tx_hash: hash, submit_time: now, update_time: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** submitted → active or rejected, by `adminId`; answers whether this call moved it (only one caller ever does). */
export async function markDecided(db: Kysely<DB>, id: number, to: 'active' | 'rejected', adminId: number, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('vip_orders')
    .set({ status: to, admin_id: adminId, reason, decide_time: now, amount_lock: null, update_time: now })
    .where('id', '=', id)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setVipUntil(db: Kysely<DB>, id: number, until: number): Promise<void> {
  await db.updateTable('vip_orders').set({ vip_until: until }).where('id', '=', id).execute();
}

/** A member's orders, newest first, by keyset on id. */
export async function findUserOrders(db: Kysely<DB>, userId: number, beforeId: number | null, limit: number): Promise<VipOrderRow[]> {
  let query = db.selectFrom('vip_orders').selectAll().where('user_id', '=', userId);
  if (beforeId !== null) query = query.where('id', '<', beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** What the queue filters by: a stored status, or pending split at `now` into open and expired. */
export type QueueFilter = 'pending' | 'submitted' | 'active' | 'rejected' | 'expired';

function byFilter(db: Kysely<DB>, filter: QueueFilter, now: number) {
  const query = db.selectFrom('vip_orders');
  if (filter === 'pending') return query.where('status', '=', 'pending').where('expires_at', '>', now);
  if (filter === 'expired') return query.where('status', '=', 'pending').where('expires_at', '<=', now);
  return query.where('status', '=', filter);
}

/**
 * One offset page of the queue: submitted orders oldest submission first (the order to handle
 * them in); the other states newest first.
 */
export async function findQueuePage(db: Kysely<DB>, filter: QueueFilter, now: number, offset: number, limit: number): Promise<VipOrderRow[]> {
  const query = byFilter(db, filter, now).selectAll();
  const ordered = filter === 'submitted' ? query.orderBy('submit_time', 'asc').orderBy('id', 'asc') : query.orderBy('id', 'desc');
  return ordered.offset(offset).limit(limit).execute();
}

export async function countQueue(db: Kysely<DB>, filter: QueueFilter, now: number): Promise<number> {
  const row = await byFilter(db, filter, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
