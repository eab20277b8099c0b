/**
 * Members among themselves (issue 28): blocks, locked items and slow mode, warnings.
 *   user_blocks               `user_id` blocked `blocked_id` (one row per pair)
 *   user_blocks_pair_uq       (user_id, blocked_id) unique: blocking twice is one block
 *   user_blocks_blocked_idx   (blocked_id, user_id)  "has anyone I write to blocked me" the other way
 *   topics/articles.comments_locked     1 = no new comments (a moderator's lock)
 *   topics/articles.slow_mode_seconds   0 = off; else a member comments at most once per N seconds
 *   user_warnings             a formal warning staff sent a member: why, who, when, and when the
 *                             member acknowledged it (0 = not yet)
 *   user_warnings_user_idx    (user_id, ack_time, id)  the member's unacknowledged warnings, a row's counts
 * Frozen: never edit.
 */
import { tableOptions, withId, type AnyDb } from './ddl';

const POST_TABLES = ['topics', 'articles'] as const;

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_blocks'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('blocked_id', 'bigint', (c) => c.notNull())
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('user_blocks_pair_uq').on('user_blocks').unique().columns(['user_id', 'blocked_id']).execute();
  await db.schema.createIndex('user_blocks_blocked_idx').on('user_blocks').columns(['blocked_id', 'user_id']).execute();

  for (const table of POST_TABLES) {
    await db.schema.alterTable(table).addColumn('comments_locked', 'smallint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }

  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_warnings'))
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('staff_id', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('ack_time', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('user_warnings_user_idx').on('user_warnings').columns(['user_id', 'ack_time', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_warnings').execute();
  for (const table of POST_TABLES) {
    await db.schema.alterTable(table).dropColumn('slow_mode_seconds').execute();
    await db.schema.alterTable(table).dropColumn('comments_locked').execute();
  }
  await db.schema.dropTable('user_blocks').execute();
}
