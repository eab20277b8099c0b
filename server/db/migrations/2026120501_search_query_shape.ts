/**
 * Search's storage for its query shape (issue 32, ADR 0037).
 *
 * PostgreSQL: each document's `tsv` is kept in its row (storage MAIN) instead of TOAST. A search
 * walks the newest documents and tests each one's `tsv` (or, for a rare word, reads the GIN
 * index, then ranks the window's rows by their `tsv`): out of line, every test was a TOAST index
 * lookup and a chunk read, two thirds of the search's CPU. `terms` (only the source of `tsv`
 * there) goes out of line instead, as the bigger attribute of a row over the TOAST threshold.
 *
 * MariaDB/MySQL: `search_terms` narrows: `doc_id` int unsigned (4 bytes, not 8), `tf` tinyint
 * unsigned (the score saturates long before 255), in compressed pages (KEY_BLOCK_SIZE=4: a page
 * holds long runs of one term and rising ids, which compress about 2.3×), where the server writes
 * them: a MariaDB 10.6.0–10.6.5 with `innodb_read_only_compressed` ON, or a server refusing the row
 * format, gets the same narrow table uncompressed.
 *
 * Both: the storage applies to rows written from now on, so the rebuild's progress is reset and
 * the next start (or `npm run reindex`) rewrites every document. PostgreSQL keeps answering
 * meanwhile (its documents stay, rewritten range by range); MariaDB finds only posts written since
 * until the rebuild reaches them (its term rows go with the old table), as in 2026112901.
 * SQLite: nothing changes. Frozen: never edit.
 */
import { sql } from 'kysely';
import { dialectOf } from '../database';
import type { AnyDb } from './ddl';

const NARROW_TERMS = sql`(
    term varchar(84) character set ascii collate ascii_bin not null,
    doc_id int unsigned not null,
    tf tinyint unsigned not null,
    primary key (term, doc_id)
  ) engine=InnoDB`;

async function compressedPagesWritable(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ Value: string }>`show variables like 'innodb_read_only_compressed'`.execute(db);
  return rows[0]?.Value !== 'ON';
}

export async function up(db: AnyDb): Promise<void> {
  switch (dialectOf(db)) {
    case 'sqlite':
      return;
    case 'postgres':
      await sql`alter table search_documents alter column tsv set storage main`.execute(db);
      break;
    case 'mysql': {
      await sql`drop table search_terms`.execute(db);
      let compressed = await compressedPagesWritable(db);
      if (compressed) {
        try {
          await sql`create table search_terms ${NARROW_TERMS} row_format=compressed key_block_size=4`.execute(db);
        } catch {
          compressed = false;
        }
      }
      if (!compressed) await sql`create table search_terms ${NARROW_TERMS}`.execute(db);
      break;
    }
  }
  await db.updateTable('search_reindex').set({ after_id: 0, done: 0 }).execute();
}

export async function down(db: AnyDb): Promise<void> {
  switch (dialectOf(db)) {
    case 'sqlite':
      return;
    case 'postgres':
      await sql`alter table search_documents alter column tsv set storage extended`.execute(db);
      break;
    case 'mysql':
      await sql`drop table search_terms`.execute(db);
      await sql`create table search_terms (
        term varchar(84) character set ascii collate ascii_bin not null,
        doc_id bigint not null,
        tf smallint not null,
        primary key (term, doc_id)
      ) engine=InnoDB`.execute(db);
      break;
  }
  await db.updateTable('search_reindex').set({ after_id: 0, done: 0 }).execute();
}
