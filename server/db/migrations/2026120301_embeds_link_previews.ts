/**
 * Link previews (issue 31 item 2, ADR 0030), the embeds feature's cache of what a linked page
 * says, so a page render never fetches:
 *   link_previews            one linked address: its SHA-256 (hex) as key, the address itself,
 *                            the outcome (ok | failed), the card's fields (plain text; an https
 *                            image address or ''), when it was fetched and when it is due again
 *                            (a day after a success, an hour after a failure)
 *   link_previews_url_uq     (url_hash) unique
 *   link_previews_due_idx    (refresh_time)  the stale ones
 * Frozen: never edit.
 */
import { tableOptions, withId, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withId(db, db.schema.createTable('link_previews'))
      .addColumn('url_hash', 'char(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(2048)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('site_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('image', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('fetched_at', 'bigint', (c) => c.notNull())
      .addColumn('refresh_time', 'bigint', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('link_previews_url_uq').on('link_previews').unique().columns(['url_hash']).execute();
  await db.schema.createIndex('link_previews_due_idx').on('link_previews').columns(['refresh_time']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('link_previews').ifExists().execute();
}
