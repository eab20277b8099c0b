/**
 * Articles (issue 12): long-form posts with a cover and tags, a content kind beside topics, and
 * the counts that follow them: a member's and a tag's published articles. Every read pages by
 * keyset over one of the indexes below:
 *   latest     articles_latest_idx        (status, id)               newest first; RSS, home
 *   per user   articles_user_idx          (user_id, status, id)      one query per status shown
 *   per tag    article_tags_tag_idx       (tag_id, article_id)
 *   sidebar    tags_article_popular_idx   (status, article_count, id) tags most used by articles
 * The columns every post kind shares come from `withPostColumns`; article tags have their own
 * link table of the one shape the tag queries serve (`createTagLinks`, as topic_tags), so each
 * kind's tag feed is one index range and an article's links go with its row. `summary_auto` = 1
 * when the summary was derived from the content (the edit form then shows an empty summary);
 * `summary` holds up to ARTICLE_LIMITS.summaryMax graphemes, which may be several code points
 * each. Frozen: never edit.
 */
import { dialectOf } from '../database';
import { createTagLinks, longText, reference, tableOptions, withId, withPostColumns, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  const articles = withId(db, db.schema.createTable('articles'))
    .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('summary', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_auto', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('content', longText(db), (c) => c.notNull())
    .addColumn('content_type', 'varchar(16)', (c) => c.notNull().defaultTo('html'))
    .addColumn('content_html', longText(db), (c) => c.notNull())
    .addColumn('cover', 'varchar(512)', (c) => c.notNull().defaultTo(''));
  await tableOptions(db, withTimes(withPostColumns(articles))).execute();
  await db.schema.createIndex('articles_latest_idx').on('articles').columns(['status', 'id']).execute();
  await db.schema.createIndex('articles_user_idx').on('articles').columns(['user_id', 'status', 'id']).execute();

  await createTagLinks(db, 'article', 'articles');

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
