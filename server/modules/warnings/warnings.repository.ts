/** All SQL of `user_warnings`. */
import type { Kysely } from 'kysely';
import { insertReturningId } from '../../db/helpers';
import type { DB } from '../../db/schema';

export interface WarningRow {
  id: number;
  user_id: number;
  staff_id: number;
  reason: string;
  create_time: number;
  ack_time: number;
}

const COLUMNS = ['id', 'user_id', 'staff_id', 'reason', 'create_time', 'ack_time'] as const;

function normalize(row: WarningRow): WarningRow {
  return { ...row, id: Number(row.id), user_id: Number(row.user_id), staff_id: Number(row.staff_id), create_time: Number(row.create_time), ack_time: Number(row.ack_time) };
}

export async function insertWarning(db: Kysely<DB>, values: { user_id: number; staff_id: number; reason: string; create_time: number }): Promise<number> {
  return insertReturningId(db, 'user_warnings', { user_id: values.user_id, staff_id: values.staff_id, reason: values.reason, create_time: values.create_time, ack_time: 0 });
}

/** The member's oldest unacknowledged warning (user_warnings_user_idx). */
export async function findOldestPending(db: Kysely<DB>, userId: number): Promise<WarningRow | undefined> {
  const row = await db.selectFrom('user_warnings').select(COLUMNS).where('user_id', '=', userId).where('ack_time', '=', 0).orderBy('id').limit(1).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

/** One warning of the member, or undefined (another member's is not theirs to see). */
export async function findWarningOf(db: Kysely<DB>, userId: number, id: number): Promise<WarningRow | undefined> {
  const row = await db.selectFrom('user_warnings').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

/** Marks the warning acknowledged unless it already is; answers whether this call did. */
export async function markAcknowledged(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('user_warnings').set({ ack_time: now }).where('id', '=', id).where('ack_time', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Per member of `userIds`: their warnings and the unacknowledged ones, in one grouped query. */
export async function countWarnings(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, { total: number; pending: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_warnings')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('ack_time', '=', 0).then(1).else(0).end()).as('pending')])
    .where('user_id', 'in', [...new Set(userIds)])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), { total: Number(row.total), pending: Number(row.pending) }]));
}

/** The warnings a member was sent (their account erased, issue 29). */
export async function deleteWarningsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_warnings').where('user_id', '=', userId).execute();
}
