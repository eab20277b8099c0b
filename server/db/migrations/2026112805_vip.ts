/**
 * VIP membership (issue 18, ADR 0020): the orders members pay in USDT on TRC20.
 *   vip_orders              one order: member, plan, amount in micro-USDT (integer), the wallet
 *                           address it was made for, status (pending | submitted | active |
 *                           rejected; "expired" is a pending order past `expires_at`), the
 *                           transaction hash, the deciding admin and reason, the expiry it set
 *   vip_orders_amount_uq    (amount_lock) unique: `amount_lock` is the amount while the order is
 *                           open (pending or submitted), NULL once closed, so no two open orders
 *                           ask for the same amount (NULLs never clash on any engine)
 *   vip_orders_tx_hash_uq   (tx_hash) unique across all orders: a transaction pays once
 *   vip_orders_user_idx     (user_id, id)  a member's history, newest first
 *   vip_orders_queue_idx    (status, submit_time, id)  the admin queue, oldest submitted first
 *   users_vip_expire_idx    (vip_expire_time, id)  members whose membership ends within a week
 *                           (the reminder)
 * users.vip_expire_time exists since the foundation (0 none, −1 forever, else epoch ms).
 * Frozen: never edit.
 */
import { dialectOf } from '../database';
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

const INDEXES = [
  ['vip_orders_amount_uq', 'vip_orders', ['amount_lock'], true],
  ['vip_orders_tx_hash_uq', 'vip_orders', ['tx_hash'], true],
  ['vip_orders_user_idx', 'vip_orders', ['user_id', 'id'], false],
  ['vip_orders_queue_idx', 'vip_orders', ['status', 'submit_time', 'id'], false],
  ['users_vip_expire_idx', 'users', ['vip_expire_time', 'id'], false],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('vip_orders'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('plan', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('amount_lock', 'bigint')
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('tx_hash', 'varchar(64)')
        .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('admin_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('decide_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('vip_until', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  for (const [name, table, columns, unique] of INDEXES) {
    const index = db.schema.createIndex(name).on(table).columns([...columns]);
    await (unique ? index.unique() : index).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
  const drop = db.schema.dropIndex('users_vip_expire_idx');
  await (dialectOf(db) === 'mysql' ? drop.on('users') : drop).execute();
  await db.schema.dropTable('vip_orders').execute();
}
