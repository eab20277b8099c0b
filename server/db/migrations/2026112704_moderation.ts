/**
 * Moderation (issue 16): why a member is banned, and the audit log's filters.
 *   users.forbidden_reason   the reason the moderator gave, shown to the banned member beside
 *                            `forbidden_until`; '' when not banned
 *   users_forbidden_idx      (forbidden_until, id)  the back office's list of banned members
 *   audit_logs_actor_idx     (actor_id, id)          the audit log filtered by who acted
 *   audit_logs_target_idx    (target_type, target_id, id)  … by whom or what it was done to
 *   audit_logs_action_idx    (action, id)            … by what was done
 * The log pages newest first by id, so each filter is one index range. Frozen: never edit.
 */
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

const INDEXES = [
  ['users_forbidden_idx', 'users', ['forbidden_until', 'id']],
  ['audit_logs_actor_idx', 'audit_logs', ['actor_id', 'id']],
  ['audit_logs_target_idx', 'audit_logs', ['target_type', 'target_id', 'id']],
  ['audit_logs_action_idx', 'audit_logs', ['action', 'id']],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('forbidden_reason', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name, table] of INDEXES) {
    // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
    const drop = db.schema.dropIndex(name);
    await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
  }
  await db.schema.alterTable('users').dropColumn('forbidden_reason').execute();
}
