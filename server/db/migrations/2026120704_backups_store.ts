/**
 * Backups in a bucket (issue 33, ADR 0040): where each archive was written, and why a failed one
 * failed as a message key the back office translates.
 *   backups.store      'disk' (DATA_DIR/backups) | 'bucket' (BACKUP_S3_BUCKET): download, delete
 *                      and retention reach the archive where it is, whatever is configured now
 *   backups.error_key  a message key (`objectStorage.error.noBucket`…) beside `error`, the
 *                      service's own words; '' when there is none
 * Frozen: never edit.
 */
import type { AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('backups').addColumn('store', 'varchar(16)', (c) => c.notNull().defaultTo('disk')).execute();
  await db.schema.alterTable('backups').addColumn('error_key', 'varchar(128)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('backups').dropColumn('error_key').execute();
  await db.schema.alterTable('backups').dropColumn('store').execute();
}
