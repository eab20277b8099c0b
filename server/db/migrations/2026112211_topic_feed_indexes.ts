/**
 * Indexes for the topic reads 2026112202_topics left to a scan and sort:
 *   per-node RSS   topics_node_recent_idx  (node_id, status, id)   newest topics of one node
 * (The per-node feed's topics_node_idx orders by last activity, not by id; without this index a
 * small node's feed read walked the primary key backwards through every other node's topics.)
 * A user's own feed (published + pending) needs no index of its own: it runs one keyset query
 * per status over topics_user_idx and merges them. Frozen: never edit.
 */
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('topics_node_recent_idx').on('topics').columns(['node_id', 'status', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
  const drop = db.schema.dropIndex('topics_node_recent_idx');
  await (dialectOf(db) === 'mysql' ? drop.on('topics') : drop).execute();
}
