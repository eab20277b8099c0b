/**
 * MariaDB/MySQL search gets its own inverted index (issue 15, ADR 0015 "MariaDB's term index"):
 * InnoDB FULLTEXT builds a query's whole match set before any LIMIT, so a common word cost
 * seconds on a 100k-post forum. `search_terms` holds one row per (encoded term, document) with
 * the term's count in that document; its primary key (term, doc_id) lets a search walk a term's
 * documents newest first and stop after the window. The FULLTEXT index goes (nothing reads it
 * any more, and every write paid for it), and the rebuild's progress is reset so the next start
 * (or `npm run reindex`) fills the new table for the posts already indexed.
 * `search_documents_walk` (id, kind, node_id, create_time, item_id) is what a search reads of each
 * document it walks past (the filters, the post): a narrow copy of the rows, whose `terms` make
 * them fat (about 1.7 kB a post), so a walk reads the index's few pages, not the rows'.
 * SQLite and PostgreSQL keep their engines' indexes: nothing changes there.
 * Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'mysql') return;
  // ASCII and binary collation: terms are encoded letters (a–q), compared byte by byte.
  await sql`create table search_terms (
    term varchar(84) character set ascii collate ascii_bin not null,
    doc_id bigint not null,
    tf smallint not null,
    primary key (term, doc_id)
  ) engine=InnoDB`.execute(db);
  await sql`drop index search_documents_ft on search_documents`.execute(db);
  await sql`create index search_documents_walk on search_documents (id, kind, node_id, create_time, item_id)`.execute(db);
  await db.updateTable('search_reindex').set({ after_id: 0, done: 0 }).execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'mysql') return;
  await sql`drop index search_documents_walk on search_documents`.execute(db);
  await sql`create fulltext index search_documents_ft on search_documents (terms)`.execute(db);
  await sql`drop table if exists search_terms`.execute(db);
}
