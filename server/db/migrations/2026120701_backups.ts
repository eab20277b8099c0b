/**
 * Whole-forum backups (issue 33, ADR 0040): the list the back office shows.
 *   backups             one archive: `file_name` in the backup store, `status` running | done |
 *                       failed (with `error`), `origin` manual | scheduled, its `size` and the
 *                       `schema_version` it holds. Not itself copied into archives: it describes
 *                       the files of the deployment that made them.
 *   backups_status_idx  (status, id)  the finished archives, newest first (retention)
 * Frozen: never edit.
 */
import { tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('backups'))
        .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('origin', 'varchar(16)', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('schema_version', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'varchar(1024)', (c) => c.notNull().defaultTo('')),
    ),
  ).execute();
  await db.schema.createIndex('backups_status_idx').on('backups').columns(['status', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
