/**
 * The audit log: security-relevant events (password and e-mail changes, bans, role changes…),
 * written in the same transaction as the change they record. Moderation reads and extends it.
 */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../../common/audit';
import type { DB } from '../../db/schema';
import { countAuditLogs, findAuditLogs, findAuditPage, insertAuditLog, type AuditFilter } from './audit.repository';
import { clearAuditIpsOf } from './audit.repository';

/**
 * Every action the log records is one of common/audit.ts's `AUDIT_ACTIONS` (each has a label in
 * every locale, and the back office's filter offers it): a new action is added there first.
 */
export type { AuditAction };

export interface AuditEntry {
  /** Who acted; null for the system or an anonymous actor (e.g. a reset link). */
  actorId: number | null;
  action: AuditAction;
  targetType?: string;
  targetId?: number | null;
  /** Small JSON-serialisable facts about the event; never passwords, tokens or hashes. */
  detail?: Record<string, unknown>;
  ip?: string;
  /** Epoch ms. */
  time: number;
}

export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await insertAuditLog(
    db,
    {
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? '',
      targetId: entry.targetId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: (entry.ip ?? '').slice(0, 64),
    },
    entry.time,
  );
}

export interface AuditRecord {
  id: number;
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  detail: Record<string, unknown>;
  ip: string;
  createTime: number;
}

/** The newest entries about one target (e.g. a user), for the admin screens and tests. */
export async function listAuditFor(db: Kysely<DB>, targetType: string, targetId: number, limit = 100): Promise<AuditRecord[]> {
  const rows = await findAuditLogs(db, { targetType, targetId, limit });
  return rows.map(toRecord);
}

function toRecord(row: Awaited<ReturnType<typeof findAuditLogs>>[number]): AuditRecord {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(row.detail) as Record<string, unknown>;
  } catch {
    // A row written by hand or by an older version: keep the record, drop the detail.
  }
  return {
    id: row.id,
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail,
    ip: row.ip,
    createTime: row.create_time,
  };
}

export type { AuditFilter };

/** One offset page of the log (newest first) matching the filter, and how many entries match. */
export async function auditPage(db: Kysely<DB>, filter: AuditFilter, offset: number, limit: number): Promise<{ records: AuditRecord[]; total: number }> {
  const [rows, total] = await Promise.all([findAuditPage(db, filter, offset, limit), countAuditLogs(db, filter)]);
  return { records: rows.map(toRecord), total };
}

/** An erased member's IP addresses in the audit log (issue 29): cleared; what they did stays. */
export function forgetAuditIpsOf(db: Kysely<DB>, userId: number): Promise<void> {
  return clearAuditIpsOf(db, userId);
}
