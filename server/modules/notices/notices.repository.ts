/** All SQL touching `notices` (site notices). */
import type { Kysely } from 'kysely';
import type { DB, NoticeRow } from '../../db/schema';
import { insertReturningId, stamps } from '../../db/helpers';

export interface NoticeValues {
  title: string;
  content: string;
  content_type: string;
  content_html: string;
  start_time: number;
  end_time: number;
}

/** Notices whose window holds `now` (0 = open-ended), newest first, at most `limit`. */
export async function findLiveNotices(db: Kysely<DB>, now: number, limit: number): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where((eb) => eb.or([eb('end_time', '=', 0), eb('end_time', '>', now)]))
    .where('start_time', '<=', now)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One offset page, newest first (the back office). */
export async function findNoticesPage(db: Kysely<DB>, offset: number, limit: number): Promise<NoticeRow[]> {
  return db.selectFrom('notices').selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countNotices(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNoticeById(db: Kysely<DB>, id: number): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotice(db: Kysely<DB>, values: NoticeValues, now: number): Promise<number> {
  return insertReturningId(db, 'notices', { ...values, ...stamps(now) });
}

export async function updateNotice(db: Kysely<DB>, id: number, values: NoticeValues, now: number): Promise<void> {
  await db
    .updateTable('notices')
    .set({ ...values, update_time: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteNotice(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('notices').where('id', '=', id).execute();
}
