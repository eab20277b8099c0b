/**
 * The importer's memory (issue 33, ADR 0042): which row of another forum became which row here.
 *   import_map         one row per imported source row: `source` (the forum software, `bbs-go`),
 *                      `source_kind` (user, topic, comment…), `source_id` (its id there) and
 *                      `target_id` (the id here; 0 for a row that has no single id here, such
 *                      as a like). A second run finds every row it already imported here.
 *   import_map_src_uq  (source, source_kind, source_id) unique
 * Frozen: never edit.
 */
import { tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('import_map'))
        .addColumn('source', 'varchar(32)', (c) => c.notNull())
        .addColumn('source_kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_id', 'bigint', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('import_map_src_uq').on('import_map').unique().columns(['source', 'source_kind', 'source_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_map').execute();
}
