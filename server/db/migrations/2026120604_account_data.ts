/**
 * A member's own data (issue 29, ADR 0039): the archive of their data they asked for, and the
 * erasure of their account they scheduled.
 *   account_exports           one archive a member asked for: `status` pending | ready | failed;
 *                             its file (under DATA_DIR/exports) and the download link's token
 *                             (SHA-256 hex, never the token), usable once (`used_time`) until
 *                             `expire_time`
 *   account_exports_user_idx  (user_id, id)  the member's newest archive
 *   account_exports_token_uq  token_hash unique (NULL until the archive is ready, and again once
 *                             the link is spent or swept: NULLs never collide on any engine)
 *   account_deletions         a scheduled erasure: one row per member (unique), due at `due_time`
 *   account_deletions_due_idx (due_time)  the erasures due now
 * Frozen: never edit.
 */
import { tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('account_exports'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('locale', 'varchar(16)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('file_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expire_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_time', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('account_exports_user_idx').on('account_exports').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('account_exports_token_uq').on('account_exports').unique().column('token_hash').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('account_deletions'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('due_time', 'bigint', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('account_deletions_user_uq').on('account_deletions').unique().column('user_id').execute();
  await db.schema.createIndex('account_deletions_due_idx').on('account_deletions').column('due_time').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.dropTable('account_exports').execute();
}
