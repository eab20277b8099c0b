/**
 * Comments with one level of replies, likes, favorites, site messages, and the per-user
 * reply-mail switch (issue 6). Keyset indexes, one per hot read:
 *   top-level comments of an item  comments_entity_idx  (entity_type, entity_id, parent_id, status, id)
 *                                  (parent_id IS NULL is an index equality on all three engines)
 *   replies of a comment           comments_parent_idx  (parent_id, status, id)
 *   "has this user commented here" comments_user_idx    (user_id, entity_type, entity_id)
 *   one like / favorite per user   *_uq                 (user_id, entity_type, entity_id), unique
 *   my favorites, newest first     user_favorites_user_idx (user_id, id)
 *   my unread messages / messages  messages_unread_idx (user_id, status, id), messages_user_idx (user_id, id)
 *   one message per event          messages_event_uq   (user_id, event_key), unique; NULL = no key
 * Likes, favorites and messages carry no foreign keys: on MySQL a foreign-key check takes a
 * shared lock on the users row, which deadlocks against the counter updates (users.comment_count)
 * made by the same events. Users are never hard-deleted (status), so nothing dangles.
 * Frozen: never edit.
 */
import { withId, withTimes, longText, reference, tableOptions, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('comments'))
        .addColumn('entity_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity_id', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('parent_id', 'bigint')
        .addColumn('quote_id', 'bigint')
        .addColumn('content', longText(db), (c) => c.notNull())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull().defaultTo('html'))
        .addColumn('content_html', longText(db), (c) => c.notNull())
        .addColumn('image_list', 'text', (c) => c.notNull())
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_country', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_region', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    ),
  ).execute();
  await db.schema.createIndex('comments_entity_idx').on('comments').columns(['entity_type', 'entity_id', 'parent_id', 'status', 'id']).execute();
  await db.schema.createIndex('comments_parent_idx').on('comments').columns(['parent_id', 'status', 'id']).execute();
  await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'entity_type', 'entity_id']).execute();

  for (const table of ['user_likes', 'user_favorites']) {
    await tableOptions(
      db,
      withTimes(
        withId(db, db.schema.createTable(table))
          .addColumn('user_id', 'bigint', (c) => c.notNull())
          .addColumn('entity_type', 'varchar(16)', (c) => c.notNull())
          .addColumn('entity_id', 'bigint', (c) => c.notNull()),
      ),
    ).execute();
    await db.schema.createIndex(`${table}_uq`).on(table).unique().columns(['user_id', 'entity_type', 'entity_id']).execute();
  }
  await db.schema.createIndex('user_favorites_user_idx').on('user_favorites').columns(['user_id', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('messages'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('from_id', 'bigint')
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('quote_content', 'text', (c) => c.notNull())
        .addColumn('url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('entity_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('entity_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('event_key', 'varchar(128)')
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('messages_event_uq').on('messages').unique().columns(['user_id', 'event_key']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('reply_mail', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('reply_mail').execute();
  for (const table of ['messages', 'user_favorites', 'user_likes', 'comments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
