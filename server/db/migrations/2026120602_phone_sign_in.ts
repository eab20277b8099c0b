/**
 * Phone sign-in (issue 29, ADR 0036):
 *   user_phones              a member's verified phone number (E.164), at most one per member
 *   user_phones_user_uq      (user_id) unique
 *   user_phones_phone_uq     (phone) unique: a number signs in to one account
 *   sms_codes                six-digit codes sent by SMS: the number, what for (signin | bind),
 *                            the member a bind code is for (0 for sign-in), the code's SHA-256
 *                            (keyed by the site's secret), expiry, wrong tries, when used
 *   sms_codes_phone_idx      (phone, purpose, id): the newest code of a number
 *   sms_codes_expire_idx     (expire_time): the sweep
 * Frozen: never edit.
 */
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('user_phones'))
        .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('phone', 'varchar(20)', (c) => c.notNull()),
    ),
  ).execute();
  await db.schema.createIndex('user_phones_user_uq').on('user_phones').unique().columns(['user_id']).execute();
  await db.schema.createIndex('user_phones_phone_uq').on('user_phones').unique().columns(['phone']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('sms_codes'))
        .addColumn('phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('code_hash', 'char(64)', (c) => c.notNull())
        .addColumn('expire_time', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_time', 'bigint'),
    ),
  ).execute();
  await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'purpose', 'id']).execute();
  await db.schema.createIndex('sms_codes_expire_idx').on('sms_codes').columns(['expire_time']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sms_codes').ifExists().execute();
  await db.schema.dropTable('user_phones').ifExists().execute();
}
