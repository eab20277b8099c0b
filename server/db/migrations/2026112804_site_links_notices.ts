/**
 * Friend links and site notices (issue 17), the back office's own content:
 *   links          title, url (http/https), summary (plain text), logo (an upload), sort_no
 *   links_sort_idx (sort_no, id)   /links and `link/list` page by keyset in display order
 *   notices        title, content (source as written) and content_html (sanitized at write),
 *                  content_type, start_time / end_time (epoch ms, 0 = open-ended)
 *   notices_window_idx (end_time, start_time, id)  the home page's notices in their window
 * Frozen: never edit.
 */
import { withId, withTimes, longText, tableOptions, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('links'))
        .addColumn('title', 'varchar(64)', (c) => c.notNull())
        .addColumn('url', 'varchar(512)', (c) => c.notNull())
        .addColumn('summary', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('links_sort_idx').on('links').columns(['sort_no', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('notices'))
        .addColumn('title', 'varchar(128)', (c) => c.notNull())
        .addColumn('content', longText(db), (c) => c.notNull())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull().defaultTo('markdown'))
        .addColumn('content_html', longText(db), (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('end_time', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('notices_window_idx').on('notices').columns(['end_time', 'start_time', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('links').execute();
}
