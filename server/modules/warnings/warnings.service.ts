/**
 * Formal warnings (issue 28): staff send a member a warning with a reason; the member reads the
 * oldest one they have not acknowledged on every page (the root loader's per-member data) until
 * they click "I understand". Sending and acknowledging are facts (`warning.sent`,
 * `warning.acknowledged`): the audit rows and the member's message are their listeners.
 */
import type { Kysely } from 'kysely';
import type { WarningCount, WarningView } from '../../../common/views/warning';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { isModerator } from '../../policy/permissions';
import { getActiveUser } from '../users/users.api';
import { countWarnings, findOldestPending, findWarningOf, insertWarning, markAcknowledged, type WarningRow } from './warnings.repository';

function presentWarning(row: WarningRow): WarningView {
  return { id: row.id, userId: row.user_id, reason: row.reason, createTime: row.create_time, ackTime: row.ack_time };
}

/** POST admin/user/warn, inside the write: an active member, never staff (403: staff answer to the site's owner, not to a warning). */
export async function warnMember(scope: WriteScope, actor: Actor, input: { userId: number; reason: string }): Promise<WarningView> {
  const member = await getActiveUser(scope.db, input.userId);
  if (isModerator(member)) throw errors.forbidden('safety.errors.warnStaff');
  const row: WarningRow = { id: 0, user_id: member.id, staff_id: actor.id, reason: input.reason, create_time: scope.now, ack_time: 0 };
  row.id = await insertWarning(scope.db, row);
  await scope.emit('warning.sent', { warningId: row.id, userId: member.id, reason: row.reason, actor });
  return presentWarning(row);
}

/** GET user/warnings/pending: the reader's oldest unacknowledged warning, or null. */
export async function pendingWarning(db: Kysely<DB>, reader: UserRow): Promise<WarningView | null> {
  const row = await findOldestPending(db, reader.id);
  return row ? presentWarning(row) : null;
}

/** POST user/warnings/acknowledge/{id}, inside the write: one's own warning only (404 otherwise); a second click changes nothing. */
export async function acknowledgeWarning(scope: WriteScope, actor: Actor, id: number): Promise<WarningView> {
  const row = await findWarningOf(scope.db, actor.id, id);
  if (!row) throw errors.notFound('safety.errors.warningNotFound');
  if (row.ack_time !== 0) return presentWarning(row);
  if (await markAcknowledged(scope.db, row.id, scope.now)) await scope.emit('warning.acknowledged', { warningId: row.id, userId: actor.id, actor });
  return presentWarning({ ...row, ack_time: scope.now });
}

/** The back office's members page: each listed member's warnings (members without any answer zeros). */
export async function warningCounts(db: Kysely<DB>, userIds: readonly number[]): Promise<WarningCount[]> {
  const counts = await countWarnings(db, userIds);
  return [...new Set(userIds)].map((userId) => ({ userId, total: counts.get(userId)?.total ?? 0, pending: counts.get(userId)?.pending ?? 0 }));
}
