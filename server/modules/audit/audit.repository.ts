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
