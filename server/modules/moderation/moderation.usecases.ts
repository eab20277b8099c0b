/**
 * The moderation use cases, shared by the JSON routes (/api/admin/…) and the back-office pages:
 * who may, then the write through `runWrite` or the read. Moderators and admins only.
 */
import { banRefusal } from '../../../common/policy';
import { ADMIN_PAGE_SIZE, type AuditQuery, type BanInput } from '../../../common/validation/moderation';
import type { AuditEntryView, BannedMemberView, BanStateView, MemberRef, OffsetPage } from '../../../common/views/moderation';
import type { CurrentUser } from '../../../common/views/user';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize, isBanned } from '../../policy/permissions';
import { auditPage, type AuditRecord } from '../audit/audit.service';
import { presentCurrentUser } from '../users/users.presenter';
import { bannedUsers, getActiveUser, usersByIds } from '../users/users.service';
import { banMember, unbanMember } from './bans.service';

function memberRef(row: UserRow): MemberRef {
  return { id: row.id, nickname: row.nickname, avatar: row.avatar };
}

function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** POST admin/user/ban: the banned member as their own account shows it (ban end and reason). */
export async function banUser(ctx: AppContext, caller: Caller, input: BanInput): Promise<CurrentUser> {
  const actor = caller.viewer;
  authorize(actor, 'user:ban');
  const banned = await runWrite(ctx, (scope) => banMember(scope, actor, input, caller.origin.ip));
  return presentCurrentUser(banned, { now: caller.now });
}

/** POST admin/user/unban. */
export async function unbanUser(ctx: AppContext, caller: Caller, userId: number): Promise<CurrentUser> {
  const actor = caller.viewer;
  authorize(actor, 'user:ban');
  const member = await runWrite(ctx, (scope) => unbanMember(scope, actor, userId, caller.origin.ip));
  return presentCurrentUser(member, { now: caller.now });
}

/** GET admin/user/ban_state: a member's ban and whether this viewer may ban or unban them. */
export async function banState(ctx: AppContext, viewer: ViewerContext, userId: number): Promise<BanStateView> {
  const actor = viewer.viewer;
  authorize(actor, 'user:ban');
  const target = await getActiveUser(requireDb(ctx), userId);
  const banned = isBanned(target, viewer.now);
  const allowed = banRefusal(actor, target) === null;
  return {
    userId: target.id,
    until: banned ? target.forbidden_until : 0,
    reason: banned ? target.forbidden_reason : '',
    canBan: allowed,
    canUnban: allowed && banned,
  };
}

/** GET admin/users/banned: members under a running ban, forever ones first, then by the soonest end. */
export async function bannedMembers(ctx: AppContext, viewer: ViewerContext, page: number): Promise<OffsetPage<BannedMemberView>> {
  authorize(viewer.viewer, 'admin:access');
  const { rows, total } = await bannedUsers(requireDb(ctx), viewer.now, offsetOf(page), ADMIN_PAGE_SIZE);
  return {
    results: rows.map((row) => ({ user: memberRef(row), until: row.forbidden_until, reason: row.forbidden_reason })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Detail values as the view carries them: scalars only (a nested value is shown as its JSON). */
function flatDetail(detail: Record<string, unknown>): AuditEntryView['detail'] {
  const out: AuditEntryView['detail'] = {};
  for (const [key, value] of Object.entries(detail)) {
    out[key] = value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
  }
  return out;
}

/** GET admin/audit_logs: the log, newest first, filtered; read-only (nothing edits or deletes it). */
export async function auditLog(ctx: AppContext, viewer: ViewerContext, query: AuditQuery): Promise<OffsetPage<AuditEntryView>> {
  authorize(viewer.viewer, 'admin:access');
  const db = requireDb(ctx);
  const { page, ...filter } = query;
  const { records, total } = await auditPage(db, { ...filter, action: filter.action || undefined, targetType: filter.targetType || undefined }, offsetOf(page), ADMIN_PAGE_SIZE);
  const people = new Map((await usersByIds(db, peopleNamed(records))).map((row) => [row.id, memberRef(row)]));
  return {
    results: records.map((record) => ({
      id: record.id,
      actor: record.actorId === null ? null : (people.get(record.actorId) ?? null),
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      targetUser: record.targetType === 'user' && record.targetId !== null ? (people.get(record.targetId) ?? null) : null,
      detail: flatDetail(record.detail),
      createTime: record.createTime,
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The members a page of the log names: who acted, and who was acted on. */
function peopleNamed(records: readonly AuditRecord[]): number[] {
  const ids = new Set<number>();
  for (const record of records) {
    if (record.actorId !== null) ids.add(record.actorId);
    if (record.targetType === 'user' && record.targetId !== null) ids.add(record.targetId);
  }
  return [...ids];
}
