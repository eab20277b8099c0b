/** Foundation tables: users, tokens, e-mail codes, settings, audit log. Frozen: never edit. */
import { withId, withTimes, longText, reference, tableOptions, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('users'))
        .addColumn('username', 'varchar(32)', (c) => c.unique())
        .addColumn('email', 'varchar(190)', (c) => c.unique())
        .addColumn('email_verified', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
        .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('signature', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('home_page', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('member'))
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('topic_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fans_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('forbidden_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('vip_expire_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('users_score_idx').on('users').columns(['score', 'id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('user_tokens'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('expire_time', 'bigint', (c) => c.notNull())
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo('')),
    ),
  ).execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').column('user_id').execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('email_codes'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('email', 'varchar(190)', (c) => c.notNull())
        .addColumn('code_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('expire_time', 'bigint', (c) => c.notNull())
        .addColumn('used_time', 'bigint'),
    ),
  ).execute();
  await db.schema.createIndex('email_codes_user_idx').on('email_codes').columns(['user_id', 'purpose']).execute();

  await tableOptions(
    db,
    withTimes(
      db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', longText(db), (c) => c.notNull()),
    ),
  ).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('audit_logs'))
        .addColumn('actor_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('target_id', 'bigint')
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo('')),
    ),
  ).execute();
  await db.schema.createIndex('audit_logs_time_idx').on('audit_logs').columns(['create_time', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['audit_logs', 'settings', 'email_codes', 'user_tokens', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
