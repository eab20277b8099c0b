/**
 * Topics and tweets, nodes, tags and topic-tag links (issue 4), plus the default node every
 * install starts with. Every feed pages by keyset over one of the indexes below:
 *   latest       topics_latest_idx     (status, last_comment_time, id)
 *   sticky       topics_sticky_idx     (status, sticky, sticky_time, id)   first page only
 *   recommended  topics_recommend_idx  (status, recommend, recommend_time, id)
 *   per node     topics_node_idx       (node_id, status, last_comment_time, id)
 *   per user     topics_user_idx       (user_id, status, create_time, id)
 *   per tag      topic_tags_tag_idx    (tag_id, topic_id)
 * Tag names are unique regardless of case: MySQL's utf8mb4_unicode_ci unique index already
 * compares that way; SQLite and PostgreSQL get a unique index on lower(name).
 * View de-duplication lives in the cache (memory or Redis), not in a table. Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import { withId, withTimes, longText, reference, tableOptions, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('nodes'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_no', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('in_nav', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('topic_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('nodes_sort_idx').on('nodes').columns(['status', 'sort_no', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('tags'))
        .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('topic_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('tags_popular_idx').on('tags').columns(['status', 'topic_count', 'id']).execute();
  if (dialectOf(db) !== 'mysql') {
    await db.schema.createIndex('tags_name_lower_uq').on('tags').unique().expression(sql`lower(name)`).execute();
  }

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('topics'))
        .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('node_id', 'bigint', (c) => reference('nodes', 'restrict')(c.notNull()))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('title', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('content', longText(db), (c) => c.notNull())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull().defaultTo('html'))
        .addColumn('content_html', longText(db), (c) => c.notNull())
        .addColumn('summary', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('image_list', 'text', (c) => c.notNull())
        .addColumn('hide_content', longText(db), (c) => c.notNull())
        .addColumn('hide_content_html', longText(db), (c) => c.notNull())
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('sticky', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('sticky_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('recommend', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('recommend_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_comment_time', 'bigint', (c) => c.notNull())
        .addColumn('last_comment_user_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_country', 'varchar(8)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip_region', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    ),
  ).execute();
  await db.schema.createIndex('topics_latest_idx').on('topics').columns(['status', 'last_comment_time', 'id']).execute();
  await db.schema.createIndex('topics_sticky_idx').on('topics').columns(['status', 'sticky', 'sticky_time', 'id']).execute();
  await db.schema.createIndex('topics_recommend_idx').on('topics').columns(['status', 'recommend', 'recommend_time', 'id']).execute();
  await db.schema.createIndex('topics_node_idx').on('topics').columns(['node_id', 'status', 'last_comment_time', 'id']).execute();
  await db.schema.createIndex('topics_user_idx').on('topics').columns(['user_id', 'status', 'create_time', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('topic_tags'))
        .addColumn('topic_id', 'bigint', (c) => reference('topics')(c.notNull()))
        .addColumn('tag_id', 'bigint', (c) => reference('tags')(c.notNull())),
    ),
  ).execute();
  await db.schema.createIndex('topic_tags_pair_uq').on('topic_tags').unique().columns(['topic_id', 'tag_id']).execute();
  await db.schema.createIndex('topic_tags_tag_idx').on('topic_tags').columns(['tag_id', 'topic_id']).execute();

  // The default node: a forum must have one node to post in from the first minute.
  const now = Date.now();
  await db
    .insertInto('nodes')
    .values({ name: 'General', description: '', logo: '', sort_no: 0, in_nav: 1, topic_count: 0, status: 0, create_time: now, update_time: now })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['topic_tags', 'topics', 'tags', 'nodes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
