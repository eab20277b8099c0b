/** The IP bans' SQL (issue 28): the `ip_bans` table. */
import type { Kysely } from 'kysely';
import { insertReturningId, lockedRead } from '../../db/helpers';
import type { DB, IpBanRow } from '../../db/schema';

/** Every ban not over at `now` (the list each process keeps in memory). */
export function findLiveBans(db: Kysely<DB>, now: number): Promise<Array<Pick<IpBanRow, 'id' | 'cidr' | 'expire_time'>>> {
  return db
    .selectFrom('ip_bans')
    .select(['id', 'cidr', 'expire_time'])
    .where((eb) => eb.or([eb('expire_time', '=', 0), eb('expire_time', '>', now)]))
    .execute();
}

/** A page of bans, newest first, after `afterId`, with who added each (one query). */
export function findBansPage(db: Kysely<DB>, afterId: number | null, count: number) {
  let query = db
    .selectFrom('ip_bans')
    .leftJoin('users', 'users.id', 'ip_bans.created_by')
    .select(['ip_bans.id', 'ip_bans.cidr', 'ip_bans.reason', 'ip_bans.expire_time', 'ip_bans.create_time', 'ip_bans.created_by', 'users.nickname', 'users.avatar'])
    .orderBy('ip_bans.id', 'desc')
    .limit(count);
  if (afterId !== null) query = query.where('ip_bans.id', '<', afterId);
  return query.execute();
}
export type BanListRow = Awaited<ReturnType<typeof findBansPage>>[number];

/** A ban read locked (inside the write that removes it). */
export function findBanLocked(db: Kysely<DB>, id: number): Promise<IpBanRow | undefined> {
  return lockedRead(db, db.selectFrom('ip_bans').selectAll().where('id', '=', id));
}

export function findBanByCidr(db: Kysely<DB>, cidr: string): Promise<IpBanRow | undefined> {
  return db.selectFrom('ip_bans').selectAll().where('cidr', '=', cidr).executeTakeFirst();
}

export async function insertBan(db: Kysely<DB>, values: { cidr: string; reason: string; expire_time: number; created_by: number; now: number }): Promise<number> {
  const row = { cidr: values.cidr, reason: values.reason, expire_time: values.expire_time, created_by: values.created_by, create_time: values.now, update_time: values.now };
  return insertReturningId(db, 'ip_bans', row);
}

export async function updateBan(db: Kysely<DB>, id: number, values: { reason: string; expire_time: number; created_by: number; now: number }): Promise<void> {
  await db.updateTable('ip_bans').set({ reason: values.reason, expire_time: values.expire_time, created_by: values.created_by, update_time: values.now }).where('id', '=', id).execute();
}

export async function deleteBan(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('ip_bans').where('id', '=', id).execute();
}
