/**
 * Follows (issue 13): who follows whom, and the profile background a member sets.
 *   one follow per pair     user_follows_pair_uq    (user_id, other_id), unique: concurrent
 *                                                   clicks insert one row, so counts stay exact
 *   a member's fans         user_follows_fans_idx   (other_id, id)   newest first, keyset by id
 *   whom a member follows   user_follows_user_idx   (user_id, id)    newest first, keyset by id
 *   the following feed      topics_user_idx (user_id, status, create_time, id) already serves
 *                           topics; articles get the same shape here, so each followed member's
 *                           posts are one index range ordered by creation time.
 *   active this week        topics_created_idx (status, create_time, id): the week's topics,
 *                           for "members worth following".
 * `user_id` follows `other_id`. Frozen: never edit.
 */
import { dialectOf } from '../database';
import { reference, tableOptions, withId, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withId(db, db.schema.createTable('user_follows'))
      .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
      .addColumn('other_id', 'bigint', (c) => reference('users')(c.notNull()))
      .addColumn('create_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('user_follows_pair_uq').on('user_follows').unique().columns(['user_id', 'other_id']).execute();
  await db.schema.createIndex('user_follows_fans_idx').on('user_follows').columns(['other_id', 'id']).execute();
  await db.schema.createIndex('user_follows_user_idx').on('user_follows').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('topics_created_idx').on('topics').columns(['status', 'create_time', 'id']).execute();
  await db.schema.createIndex('articles_user_created_idx').on('articles').columns(['user_id', 'status', 'create_time', 'id']).execute();
  await db.schema.alterTable('users').addColumn('background', 'varchar(512)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('background').execute();
  // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
  const dropIndex = db.schema.dropIndex('articles_user_created_idx');
  await (dialectOf(db) === 'mysql' ? dropIndex.on('articles') : dropIndex).execute();
  const dropTopicsIndex = db.schema.dropIndex('topics_created_idx');
  await (dialectOf(db) === 'mysql' ? dropTopicsIndex.on('topics') : dropTopicsIndex).execute();
  await db.schema.dropTable('user_follows').ifExists().execute();
}
