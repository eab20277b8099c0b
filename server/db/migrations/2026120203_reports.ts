/**
 * Reports by members (issue 28, ADR 0026):
 *   report_cases            one row per reported item (type, id): what staff decide on. What the
 *                           item was called, its page and its author when last reported (the
 *                           queue shows them in a constant number of queries, and still after the
 *                           item went), the conversation a reported message belongs to, whether
 *                           it is open (0) or closed (1), its open reports' count, the newest
 *                           report's time (the queue's order), and the last outcome: who
 *                           resolved it, when, how (delete, hide, ban, dismiss)
 *   report_cases_item_uq    (target_type, target_id) unique: one case per item, reopened by a
 *                           new report after it was closed
 *   report_cases_queue_idx  (status, last_report_time, id)  the open queue, newest first
 *   report_cases_conv_idx   (conversation_id)  "is there a report on this conversation"
 *   reports                 one member's report of a case: the reason, their text, open (0),
 *                           upheld (1) or dismissed (2), when it was made and when it closed
 *   reports_reporter_uq     (case_id, reporter_id) unique: reporting an item twice counts once
 *   reports_reporter_idx    (reporter_id, status, update_time)  a member's recent dismissals
 *   reports_case_idx        (case_id, status)  a case's open reports
 * Frozen: never edit.
 */
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('report_cases'))
        .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'bigint', (c) => c.notNull())
        .addColumn('author_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('excerpt', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('conversation_id', 'bigint')
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_report_time', 'bigint', (c) => c.notNull())
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('resolver_id', 'bigint', (c) => reference('users', 'set null')(c))
        .addColumn('resolve_time', 'bigint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('report_cases_item_uq').on('report_cases').unique().columns(['target_type', 'target_id']).execute();
  await db.schema.createIndex('report_cases_queue_idx').on('report_cases').columns(['status', 'last_report_time', 'id']).execute();
  await db.schema.createIndex('report_cases_conv_idx').on('report_cases').columns(['conversation_id']).execute();

  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('reports'))
        .addColumn('case_id', 'bigint', (c) => reference('report_cases')(c.notNull()))
        .addColumn('reporter_id', 'bigint', (c) => reference('users')(c.notNull()))
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('text', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0)),
    ),
  ).execute();
  await db.schema.createIndex('reports_reporter_uq').on('reports').unique().columns(['case_id', 'reporter_id']).execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').columns(['reporter_id', 'status', 'update_time']).execute();
  await db.schema.createIndex('reports_case_idx').on('reports').columns(['case_id', 'status']).execute();
}

/** The upgrade tests migrate down past this one: without a `down`, Kysely stops the descent here. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reports').ifExists().execute();
  await db.schema.dropTable('report_cases').ifExists().execute();
}
