/**
 * The reports feature's SQL (issue 28): `report_cases` (one per reported item) and `reports`
 * (one per member and item). Nothing else reads these tables.
 */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import { lockedRead } from '../../db/helpers';
import type { DB, ReportCaseRow, ReportRow } from '../../db/schema';

export const CASE_STATUS = { open: 0, closed: 1 } as const;
export const REPORT_STATUS = { open: 0, upheld: 1, dismissed: 2 } as const;

/** What a report refreshes on its case: the item as it is now. */
export interface CaseSnapshot {
  author_id: number | null;
  title: string;
  excerpt: string;
  url: string;
  conversation_id: number | null;
}

/** The case of an item, created when absent (a concurrent first report of the same item waits on the unique key). */
export async function ensureCase(db: Kysely<DB>, type: string, id: number, snapshot: CaseSnapshot, now: number): Promise<void> {
  const query = db.insertInto('report_cases').values({
    target_type: type,
    target_id: id,
    ...snapshot,
    status: CASE_STATUS.closed,
    open_count: 0,
    last_report_time: now,
    outcome: '',
    resolver_id: null,
    resolve_time: 0,
    create_time: now,
    update_time: now,
  });
  switch (dialectOf(db)) {
    case 'mysql':
      await query.ignore().execute();
      return;
    case 'postgres':
      await query.onConflict((oc) => oc.columns(['target_type', 'target_id']).doNothing()).execute();
      return;
    case 'sqlite':
      await query.orIgnore().execute();
  }
}

/** An item's case, locked for the rest of the write. */
export function lockCase(db: Kysely<DB>, type: string, id: number): Promise<ReportCaseRow | undefined> {
  return lockedRead(db, db.selectFrom('report_cases').selectAll().where('target_type', '=', type).where('target_id', '=', id));
}

/** A member's report of a case, unless they made one already: whether it was written. */
export async function insertReportIfAbsent(db: Kysely<DB>, values: { case_id: number; reporter_id: number; reason: string; text: string }, now: number): Promise<boolean> {
  const query = db.insertInto('reports').values({ ...values, status: REPORT_STATUS.open, create_time: now, update_time: now });
  switch (dialectOf(db)) {
    case 'mysql': {
      const result = await query.ignore().executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    }
    case 'postgres':
      return (await query.onConflict((oc) => oc.columns(['case_id', 'reporter_id']).doNothing()).returning('id').executeTakeFirst()) !== undefined;
    case 'sqlite':
      return (await query.orIgnore().returning('id').executeTakeFirst()) !== undefined;
  }
}

/** A new open report on the case: opened (again), counted, the item's snapshot refreshed. */
export async function openCase(db: Kysely<DB>, caseId: number, snapshot: CaseSnapshot, now: number): Promise<void> {
  await db
    .updateTable('report_cases')
    .set({ ...snapshot, status: CASE_STATUS.open, open_count: sql<number>`open_count + 1`, last_report_time: now, update_time: now })
    .where('id', '=', caseId)
    .execute();
}

/** The reporters of a case's open reports. */
export async function openReporters(db: Kysely<DB>, caseId: number): Promise<number[]> {
  const rows = await db.selectFrom('reports').select('reporter_id').where('case_id', '=', caseId).where('status', '=', REPORT_STATUS.open).orderBy('id').execute();
  return rows.map((row) => Number(row.reporter_id));
}

/** Closes every open report of a case with one status; answers how many. */
export async function closeReports(db: Kysely<DB>, caseId: number, status: number, now: number): Promise<number> {
  const result = await db.updateTable('reports').set({ status, update_time: now }).where('case_id', '=', caseId).where('status', '=', REPORT_STATUS.open).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function closeCase(db: Kysely<DB>, caseId: number, outcome: string, resolverId: number, now: number): Promise<void> {
  await db
    .updateTable('report_cases')
    .set({ status: CASE_STATUS.closed, open_count: 0, outcome, resolver_id: resolverId, resolve_time: now, update_time: now })
    .where('id', '=', caseId)
    .execute();
}

/** A member's newest resolved reports since `since` (the dismissal pause reads them). */
export function recentResolved(db: Kysely<DB>, reporterId: number, since: number, limit: number): Promise<Pick<ReportRow, 'status' | 'update_time'>[]> {
  return db
    .selectFrom('reports')
    .select(['status', 'update_time'])
    .where('reporter_id', '=', reporterId)
    .where('status', 'in', [REPORT_STATUS.upheld, REPORT_STATUS.dismissed])
    .where('update_time', '>=', since)
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Open cases, newest report first, after the cursor's `[lastReportTime, id]`. */
export function findOpenCases(db: Kysely<DB>, after: [number, number] | null, limit: number): Promise<ReportCaseRow[]> {
  let query = db.selectFrom('report_cases').selectAll().where('status', '=', CASE_STATUS.open);
  if (after) {
    const [time, id] = after;
    query = query.where((eb) => eb.or([eb('last_report_time', '<', time), eb.and([eb('last_report_time', '=', time), eb('id', '<', id)])]));
  }
  return query.orderBy('last_report_time', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function countOpenCases(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('report_cases').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).where('status', '=', CASE_STATUS.open).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The open reports of these cases, newest first. */
export function findOpenReportsOf(db: Kysely<DB>, caseIds: readonly number[]): Promise<ReportRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('reports').selectAll().where('case_id', 'in', caseIds).where('status', '=', REPORT_STATUS.open).orderBy('id', 'desc').execute();
}

/** Whether a case of this conversation is open, or was closed since `since`. */
export async function findConversationCase(db: Kysely<DB>, conversationId: number, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('report_cases')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('status', '=', CASE_STATUS.open), eb('resolve_time', '>=', since)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
