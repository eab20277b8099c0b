/** All SQL touching `nodes`. */
import { sql, type Kysely } from 'kysely';
import type { DB, NodeRow } from '../../db/schema';
import { dialectOf } from '../../db/database';
import { insertReturningId, stamps } from '../../db/helpers';

/** Active nodes in display order. */
export async function listActiveNodes(db: Kysely<DB>, options: { navOnly?: boolean } = {}): Promise<NodeRow[]> {
  let query = db.selectFrom('nodes').selectAll().where('status', '=', 0);
  if (options.navOnly) query = query.where('in_nav', '=', 1);
  return query.orderBy('sort_no', 'asc').orderBy('id', 'asc').execute();
}

export async function findNodeById(db: Kysely<DB>, id: number): Promise<NodeRow | undefined> {
  return db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findNodesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<NodeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('nodes').selectAll().where('id', 'in', [...new Set(ids)]).execute();
}

/** The node new topics go to when none is chosen: the first active node in display order. */
export async function findDefaultNode(db: Kysely<DB>): Promise<NodeRow | undefined> {
  return db.selectFrom('nodes').selectAll().where('status', '=', 0).orderBy('sort_no', 'asc').orderBy('id', 'asc').limit(1).executeTakeFirst();
}

export async function countNodes(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('nodes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertNode(db: Kysely<DB>, values: { name: string; description?: string; logo?: string; sortNo?: number; inNav?: boolean }, now: number): Promise<number> {
  return insertReturningId(db, 'nodes', {
    name: values.name,
    description: values.description ?? '',
    logo: values.logo ?? '',
    sort_no: values.sortNo ?? 0,
    in_nav: values.inNav ? 1 : 0,
    topic_count: 0,
    status: 0,
    ...stamps(now),
  });
}

export async function renameNode(db: Kysely<DB>, id: number, name: string, now: number): Promise<void> {
  await db.updateTable('nodes').set({ name, update_time: now }).where('id', '=', id).execute();
}

/**
 * Adds `delta` to a node's topic count. Callers move it by exactly what changed (a status change
 * that did happen), so it stays equal to the node's published topics and never goes below zero.
 */
export async function bumpNodeTopicCount(db: Kysely<DB>, id: number, delta: number, now: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('nodes')
    .set((eb) => ({ topic_count: delta > 0 ? eb('topic_count', '+', delta) : eb('topic_count', '-', -delta), update_time: now }))
    .where('id', '=', id)
    .execute();
}

/** Every active node id with its last change, for the sitemap. */
export async function listNodesForSitemap(db: Kysely<DB>): Promise<Array<{ id: number; update_time: number }>> {
  return db.selectFrom('nodes').select(['id', 'update_time']).where('status', '=', 0).orderBy('id', 'asc').execute();
}

/** Active nodes for the back office: one offset page in display order, and how many there are. */
export async function findNodesPage(db: Kysely<DB>, offset: number, limit: number): Promise<NodeRow[]> {
  return db.selectFrom('nodes').selectAll().where('status', '=', 0).orderBy('sort_no', 'asc').orderBy('id', 'asc').offset(offset).limit(limit).execute();
}

export async function countActiveNodes(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every active node's id and order, locked (a reorder renumbers them all). */
export async function lockNodeOrder(db: Kysely<DB>): Promise<Array<{ id: number; sort_no: number }>> {
  const query = db.selectFrom('nodes').select(['id', 'sort_no']).where('status', '=', 0).orderBy('sort_no', 'asc').orderBy('id', 'asc');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

/** Nodes by id, locked, in id order (the lock order every write takes). */
export async function lockNodes(db: Kysely<DB>, ids: readonly number[]): Promise<NodeRow[]> {
  const query = db.selectFrom('nodes').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id', 'asc');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

export async function updateNodeFields(db: Kysely<DB>, id: number, values: { name: string; description: string; logo: string; inNav: boolean }, now: number): Promise<void> {
  await db
    .updateTable('nodes')
    .set({ name: values.name, description: values.description, logo: values.logo, in_nav: values.inNav ? 1 : 0, update_time: now })
    .where('id', '=', id)
    .execute();
}

export async function setNodeSortNo(db: Kysely<DB>, id: number, sortNo: number, now: number): Promise<void> {
  await db.updateTable('nodes').set({ sort_no: sortNo, update_time: now }).where('id', '=', id).execute();
}

/** Deletes a node row; the database refuses (a foreign-key violation) while topics still name it. */
export async function deleteNodeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('nodes').where('id', '=', id).execute();
}

/** Every node's count of published topics (the importer's recount, issue 33). */
export async function recountNodeTopics(db: Kysely<DB>): Promise<void> {
  await sql`update nodes set topic_count = (select count(*) from topics t where t.node_id = nodes.id and t.status = 0)`.execute(db);
}
