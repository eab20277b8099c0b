/** All SQL touching `audit_logs`. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { stamps } from '../../db/helpers';

export interface AuditLogValues {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  /** JSON text. */
  detail: string;
  ip: string;
}

export async function insertAuditLog(db: Kysely<DB>, values: AuditLogValues, now: number): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      actor_id: values.actorId,
      action: values.action,
      target_type: values.targetType,
      target_id: values.targetId,
      detail: values.detail,
      ip: values.ip,
      ...stamps(now),
    })
    .execute();
}

export async function findAuditLogs(
  db: Kysely<DB>,
  filter: { targetType?: string; targetId?: number; action?: string; limit?: number },
): Promise<Array<{ id: number; actor_id: number | null; action: string; target_type: string; target_id: number | null; detail: string; ip: string; create_time: number }>> {
  let query = db.selectFrom('audit_logs').select(['id', 'actor_id', 'action', 'target_type', 'target_id', 'detail', 'ip', 'create_time']);
  if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  return query
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .execute();
}

/** What the back office filters the log by (every field optional; all given must match). */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  targetType?: string;
  targetId?: number;
}

type AuditRow = Awaited<ReturnType<typeof findAuditLogs>>[number];

function filtered(db: Kysely<DB>, filter: AuditFilter) {
  let query = db.selectFrom('audit_logs');
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  return query;
}

/** One offset page of the log, newest first (ids grow with time). */
export async function findAuditPage(db: Kysely<DB>, filter: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> {
  return filtered(db, filter)
    .select(['id', 'actor_id', 'action', 'target_type', 'target_id', 'detail', 'ip', 'create_time'])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAuditLogs(db: Kysely<DB>, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The IP address of every audit row a member acted in (their account erased, issue 29): cleared, the row kept. */
export async function clearAuditIpsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable('audit_logs').set({ ip: '' }).where('actor_id', '=', userId).execute();
}
