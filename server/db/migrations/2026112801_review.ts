/**
 * The review queue and the back office's content tables (issues 16, 17).
 *   review_holds           why a post waits for a moderator: one row per held item (kind,
 *                          item_id unique), rewritten each time the item is held again
 *     reason               'reviewSetting' (topicReview / articleReview) | 'forbiddenWord'
 *     words                JSON array of the forbidden words the text carried ([] otherwise)
 *   topics_status_idx      (status, id)  the queue and the content table by status, newest first
 *   articles_status_idx    (status, id)  … the same for articles
 *   comments_status_idx    (status, id)  … and for comments
 * Frozen: never edit.
 */
import { dialectOf } from '../database';
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

const INDEXES = [
  ['topics_status_idx', 'topics'],
  ['articles_status_idx', 'articles'],
  ['comments_status_idx', 'comments'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('review_holds'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('item_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('reason', 'varchar(32)', (c) => c.notNull())
        .addColumn('words', 'varchar(1024)', (c) => c.notNull().defaultTo('[]')),
    ),
  ).execute();
  await db.schema.createIndex('review_holds_item_uq').on('review_holds').unique().columns(['kind', 'item_id']).execute();
  for (const [name, table] of INDEXES) await db.schema.createIndex(name).on(table).columns(['status', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name, table] of INDEXES) {
    // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
    const drop = db.schema.dropIndex(name);
    await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
  }
  await db.schema.dropTable('review_holds').execute();
}
