/**
 * Indexes for a public profile's lists (issue 13):
 *   comments   comments_user_recent_idx  (user_id, status, id)                    a member's comments, newest first
 *   tweets     topics_user_type_idx      (user_id, type, status, create_time, id)  a member's tweets (or posts) alone
 * (comments_user_idx is (user_id, entity_type, entity_id), for "has this member commented here":
 * it has no order by id, so the comments tab read every comment of the member and sorted them.
 * topics_user_idx has no type: a tweets tab of a member with few tweets among many posts walked
 * the whole range.) Frozen: never edit.
 */
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

const INDEXES = [
  { name: 'comments_user_recent_idx', table: 'comments', columns: ['user_id', 'status', 'id'] },
  { name: 'topics_user_type_idx', table: 'topics', columns: ['user_id', 'type', 'status', 'create_time', 'id'] },
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const index of INDEXES) await db.schema.createIndex(index.name).on(index.table).columns([...index.columns]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of INDEXES) {
    // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
    const drop = db.schema.dropIndex(index.name);
    await (dialectOf(db) === 'mysql' ? drop.on(index.table) : drop).execute();
  }
}
