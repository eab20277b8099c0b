/**
 * Search (issue 15, ADR 0015): one row per published post in `search_documents`, holding the
 * post's encoded search terms (server/modules/search/search.text.ts) and what the filters need
 * (kind, node, author, creation time). Each engine indexes `terms` its own way:
 *   SQLite      search_fts: an external-content FTS5 table over search_documents, kept in step
 *               by triggers (FTS5 ships with better-sqlite3)
 *   PostgreSQL  search_documents.tsv: to_tsvector('simple', terms), stored, with a GIN index
 *   MariaDB     a FULLTEXT index on terms (the encoded terms are all ≥ 3 letters)
 * `search_reindex` holds the rebuild's progress per kind (`npm run reindex`, and the start-up
 * build after an upgrade): `after_id` = the last item id indexed, `done` = 1 when finished. The
 * rows start not done, so a forum upgraded with posts gets them indexed at its next start.
 * Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import { longText, tableOptions, withId, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  const documents = withId(db, db.schema.createTable('search_documents'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_id', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('terms', longText(db), (c) => c.notNull());
  await tableOptions(db, documents).execute();
  await db.schema.createIndex('search_documents_item_uq').on('search_documents').unique().columns(['kind', 'item_id']).execute();

  switch (dialectOf(db)) {
    case 'sqlite':
      await sql`create virtual table search_fts using fts5(terms, content='search_documents', content_rowid='id')`.execute(db);
      await sql`create trigger search_documents_ai after insert on search_documents begin
        insert into search_fts(rowid, terms) values (new.id, new.terms); end`.execute(db);
      await sql`create trigger search_documents_ad after delete on search_documents begin
        insert into search_fts(search_fts, rowid, terms) values ('delete', old.id, old.terms); end`.execute(db);
      await sql`create trigger search_documents_au after update on search_documents begin
        insert into search_fts(search_fts, rowid, terms) values ('delete', old.id, old.terms);
        insert into search_fts(rowid, terms) values (new.id, new.terms); end`.execute(db);
      break;
    case 'postgres':
      await sql`alter table search_documents add column tsv tsvector generated always as (to_tsvector('simple', terms)) stored`.execute(db);
      await sql`create index search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
      break;
    case 'mysql':
      await sql`create fulltext index search_documents_ft on search_documents (terms)`.execute(db);
      break;
  }

  await tableOptions(
    db,
    db.schema
      .createTable('search_reindex')
      .addColumn('kind', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('after_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('done', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('update_time', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db
    .insertInto('search_reindex')
    .values([
      { kind: 'topic', after_id: 0, done: 0, update_time: 0 },
      { kind: 'article', after_id: 0, done: 0, update_time: 0 },
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const trigger of ['search_documents_ai', 'search_documents_ad', 'search_documents_au']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  for (const table of ['search_reindex', 'search_documents']) await db.schema.dropTable(table).ifExists().execute();
}
