/**
 * Articles (issue 12): long-form posts with a cover and tags, a content kind beside topics, and
 * the counts that follow them: a member's and a tag's published articles. Every read pages by
 * keyset over one of the indexes below:
 *   latest     articles_latest_idx        (status, id)               newest first; RSS, home
 *   per user   articles_user_idx          (user_id, status, id)      one query per status shown
 *   per tag    article_tags_tag_idx       (tag_id, article_id)
 *   sidebar    tags_article_popular_idx   (status, article_count, id) tags most used by articles
 * Article tags have their own join table, shaped as topic_tags, so each kind's tag feed is one
 * index range and deleting an article's row takes its links with it. `summary_auto` = 1 when the
 * summary was derived from the content (the edit form then shows the author an empty summary).
 * `summary` holds up to ARTICLE_LIMITS.summaryMax graphemes, which may be several code points
 * each. Frozen: never edit.
 */
import { dialectOf } from '../database';
import { longText, reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('articles'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('title', 'varchar(128)', (c) => c.notNull())
        .addColumn('summary', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('summary_auto', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('content', longText(db), (c) => c.notNull())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull().defaultTo('html'))
        .addColumn('content_html', longText(db), (c) => c.notNull())
        .addColumn('cover', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
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
  await db.schema.createIndex('articles_latest_idx').on('articles').columns(['status', 'id']).execute();
  await db.schema.createIndex('articles_user_idx').on('articles').columns(['user_id', 'status', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('article_tags'))
        .addColumn('article_id', 'bigint', (c) => reference('articles')(c.notNull()))
        .addColumn('tag_id', 'bigint', (c) => reference('tags')(c.notNull())),
    ),
  ).execute();
  await db.schema.createIndex('article_tags_pair_uq').on('article_tags').unique().columns(['article_id', 'tag_id']).execute();
  await db.schema.createIndex('article_tags_tag_idx').on('article_tags').columns(['tag_id', 'article_id']).execute();

  await db.schema.alterTable('users').addColumn('article_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('tags_article_popular_idx').on('tags').columns(['status', 'article_count', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
  const dropIndex = db.schema.dropIndex('tags_article_popular_idx');
  await (dialectOf(db) === 'mysql' ? dropIndex.on('tags') : dropIndex).execute();
  await db.schema.alterTable('users').dropColumn('article_count').execute();
  for (const table of ['article_tags', 'articles']) await db.schema.dropTable(table).ifExists().execute();
}
