/**
 * Daily check-in and the score log (issue 14).
 *   checkins     one row per member per day of the site's time zone; UNIQUE (user_id, day) is
 *                what makes a check-in happen once however many clicks or processes race.
 *                `day` is the calendar day as yyyymmdd (20261126). Today's rank reads
 *                checkins_day_idx (day, id): the earliest check-ins of one day.
 *   score_logs   every change of a member's score, written in the transaction that caused it:
 *                `type` names the cause (checkin, topic, article, comment, like and their
 *                reversals), `amount` is the signed change actually applied, `source_type` and
 *                `source_id` the topic or article it came from ('' / 0 when none), `comment_id`
 *                the comment on it (0 when none), `linked` 0 once the item is deleted (the log
 *                no longer links to a page that is gone). The log reads
 *                newest first by keyset over score_logs_user_idx (user_id, id); a reversal finds
 *                what its source earned over score_logs_source_idx.
 * Frozen: never edit.
 */
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  const checkins = withId(db, db.schema.createTable('checkins'))
    .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('consecutive_days', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull());
  await tableOptions(db, withTimes(checkins)).execute();
  await db.schema.createIndex('checkins_user_day_uq').on('checkins').columns(['user_id', 'day']).unique().execute();
  await db.schema.createIndex('checkins_day_idx').on('checkins').columns(['day', 'id']).execute();

  const logs = withId(db, db.schema.createTable('score_logs'))
    .addColumn('user_id', 'bigint', (c) => reference('users')(c.notNull()))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('linked', 'smallint', (c) => c.notNull().defaultTo(1));
  await tableOptions(db, withTimes(logs)).execute();
  await db.schema.createIndex('score_logs_user_idx').on('score_logs').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('score_logs_source_idx').on('score_logs').columns(['source_type', 'source_id', 'user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['score_logs', 'checkins']) await db.schema.dropTable(table).ifExists().execute();
}
