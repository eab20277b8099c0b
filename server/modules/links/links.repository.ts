/** All SQL touching `links` (friend links). */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB, LinkRow } from '../../db/schema';
import { insertReturningId, stamps } from '../../db/helpers';

export interface LinkValues {
  title: string;
  url: string;
  summary: string;
  logo: string;
}

/** Links in display order, keyset on (sort_no, id) ascending. */
export async function findLinksAfter(db: Kysely<DB>, after: { sortNo: number; id: number } | null, limit: number): Promise<LinkRow[]> {
  let query = db.selectFrom('links').selectAll();
  if (after) {
    query = query.where((eb) => eb.or([eb('sort_no', '>', after.sortNo), eb.and([eb('sort_no', '=', after.sortNo), eb('id', '>', after.id)])]));
  }
  return query.orderBy('sort_no', 'asc').orderBy('id', 'asc').limit(limit).execute();
}

/** One offset page in display order (the back office). */
export async function findLinksPage(db: Kysely<DB>, offset: number, limit: number): Promise<LinkRow[]> {
  return db.selectFrom('links').selectAll().orderBy('sort_no', 'asc').orderBy('id', 'asc').offset(offset).limit(limit).execute();
}

export async function countLinks(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findLinkById(db: Kysely<DB>, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every link's id and order, locked (a move renumbers them; a new link goes last). */
export async function lockLinkOrder(db: Kysely<DB>): Promise<Array<{ id: number; sort_no: number }>> {
  const query = db.selectFrom('links').select(['id', 'sort_no']).orderBy('sort_no', 'asc').orderBy('id', 'asc');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

export async function insertLink(db: Kysely<DB>, values: LinkValues, sortNo: number, now: number): Promise<number> {
  return insertReturningId(db, 'links', { ...values, sort_no: sortNo, ...stamps(now) });
}

export async function updateLink(db: Kysely<DB>, id: number, values: LinkValues, now: number): Promise<void> {
  await db
    .updateTable('links')
    .set({ ...values, update_time: now })
    .where('id', '=', id)
    .execute();
}

export async function setLinkSortNo(db: Kysely<DB>, id: number, sortNo: number, now: number): Promise<void> {
  await db.updateTable('links').set({ sort_no: sortNo, update_time: now }).where('id', '=', id).execute();
}

export async function deleteLink(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('links').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
