/**
 * The moderation use cases, shared by the JSON routes (/api/admin/…) and the back-office pages:
 * who may, then the write through `runWrite` or the read. Moderators and admins only.
 */
import { banRefusal } from '../../../common/policy';
import { ADMIN_PAGE_SIZE, type AuditQuery, type BanInput, type MembersQuery, type SetRoleInput } from '../../../common/validation/moderation';
import type { AdminMemberView, AuditEntryView, BannedMemberView, BanStateView, MemberRef, OffsetPage } from '../../../common/views/moderation';
import { roleOf } from '../../../common/policy';
import { errors } from '../../infra/errors';
import { isVipActive } from '../users/users.api';
import type { CurrentUser } from '../../../common/views/user';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize, isBanned } from '../../policy/permissions';
import { auditPage, type AuditRecord } from '../audit/audit.api';
import { presentCurrentUser } from '../users/users.api';
import { bannedUsers, changeRole, getActiveUser, membersPage, usersByIds, verifyEmail } from '../users/users.api';
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

function presentMember(row: UserRow, now: number): AdminMemberView {
  return {
    ...memberRef(row),
    username: row.username,
    email: row.email,
    emailVerified: row.email_verified === 1,
    role: roleOf(row),
    score: row.score,
    topicCount: row.topic_count,
    commentCount: row.comment_count,
    bannedUntil: isBanned(row, now) ? row.forbidden_until : 0,
    vipUntil: isVipActive(row, now) ? row.vip_expire_time : 0,
    createTime: row.create_time,
  };
}

/** GET admin/users: members by name or e-mail, sorted and filtered, a numbered page with the total. */
export async function members(ctx: AppContext, viewer: ViewerContext, query: MembersQuery): Promise<OffsetPage<AdminMemberView>> {
  authorize(viewer.viewer, 'user:list');
  const filter = { needle: query.q ? query.q.toLowerCase() : undefined, role: query.role, banned: query.banned === '1', vip: query.vip === '1', now: viewer.now };
  const { rows, total } = await membersPage(requireDb(ctx), filter, query.sort, offsetOf(query.page), ADMIN_PAGE_SIZE);
  return { results: rows.map((row) => presentMember(row, viewer.now)), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/user/role: admins only; the last admin keeps the role (409). Audited (`user.roleChanged`). */
export async function setRole(ctx: AppContext, caller: Caller, input: SetRoleInput): Promise<AdminMemberView> {
  const actor = caller.viewer;
  authorize(actor, 'user:setRole');
  const updated = await runWrite(
    ctx,
    async (scope) => {
      const target = await getActiveUser(scope.db, input.userId);
      if (!(await changeRole(scope.db, target, input.role, scope.now))) return target;
      const who = { id: target.id, nickname: target.nickname };
      await scope.emit('user.roleChanged', { user: who, from: target.role, to: input.role, actor: { id: actor.id, moderator: true, ip: caller.origin.ip } });
      // Their profile and menus show the role: every page showing them is rendered anew.
      await scope.emit('user.profileChanged', { userId: target.id });
      return { ...target, role: input.role };
    },
    { now: caller.now },
  );
  return presentMember(updated, caller.now);
}

/** POST admin/user/verify_email: an admin vouches for a member's address (400 when they have none). Audited. */
export async function verifyMemberEmail(ctx: AppContext, caller: Caller, userId: number): Promise<AdminMemberView> {
  const actor = caller.viewer;
  authorize(actor, 'user:verifyEmail');
  const updated = await runWrite(
    ctx,
    async (scope) => {
      const target = await getActiveUser(scope.db, userId);
      if (!target.email) throw errors.validation({ userId: 'adminUsers.errors.noEmail' });
      if (!(await verifyEmail(scope.db, target.id, scope.now))) return target;
      await scope.emit('user.emailVerified', { user: { id: target.id, nickname: target.nickname }, email: target.email, actor: { id: actor.id, moderator: true, ip: caller.origin.ip } });
      return { ...target, email_verified: 1 };
    },
    { now: caller.now },
  );
  return presentMember(updated, caller.now);
}
