/**
 * The moderation use cases, one function per action (moderation.actions.ts declares who may call
 * each — moderators and admins, roles and manual verification admins only — and its answer): the
 * JSON API and the back-office pages run the same ones. Writes run inside the action's
 * transaction; the facts they record carry the audit rows and the members' messages.
 */
import { trustLevelsOf } from '../trust/trust.api';
import { banRefusal } from '../../../common/policy';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { moderationActions } from '../../../common/actions/moderation';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { AdminMemberView, AuditEntryView, BannedMemberView, BanStateView, MemberRef, OffsetPage } from '../../../common/views/moderation';
import { roleOf } from '../../../common/policy';
import { errors } from '../../infra/errors';
import { isVipActive } from '../users/users.api';
import type { CurrentUser } from '../../../common/views/user';
import type { UserRow } from '../../db/schema';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { isBanned } from '../../policy/permissions';
import { auditPage, type AuditRecord } from '../audit/audit.api';
import { presentCurrentUser } from '../users/users.api';
import { bannedUsers, changeRole, getActiveUser, membersPage, usersByIds, verifyEmail } from '../users/users.api';
import { banMember, unbanMember } from './bans.service';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Input<K extends keyof typeof moderationActions> = ParsedInputOf<(typeof moderationActions)[K]>;

function memberRef(row: UserRow): MemberRef {
  return { id: row.id, nickname: row.nickname, avatar: row.avatar };
}

function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** POST admin/user/ban: the banned member as their own account shows it (ban end and reason). */
export async function banUser({ scope, caller, input }: WriteCall<Input<'ban'>, undefined>): Promise<CurrentUser> {
  const banned = await banMember(scope, memberOf(caller), input, caller.origin.ip);
  return presentCurrentUser(banned, { now: caller.now });
}

/** POST admin/user/unban. */
export async function unbanUser({ scope, caller, input }: WriteCall<Input<'unban'>, undefined>): Promise<CurrentUser> {
  const member = await unbanMember(scope, memberOf(caller), input.userId, caller.origin.ip);
  return presentCurrentUser(member, { now: caller.now });
}

/** GET admin/user/ban_state: a member's ban and whether this reader may ban or unban them. */
export async function banState({ db, caller, input }: ReadCall<Input<'banState'>, undefined>): Promise<BanStateView> {
  const target = await getActiveUser(db, input.userId);
  const banned = isBanned(target, caller.now);
  const allowed = banRefusal(memberOf(caller), target) === null;
  return {
    userId: target.id,
    until: banned ? target.forbidden_until : 0,
    reason: banned ? target.forbidden_reason : '',
    canBan: allowed,
    canUnban: allowed && banned,
  };
}

/** GET admin/users/banned: members under a running ban, forever ones first, then by the soonest end. */
export async function bannedMembers({ db, caller, input }: ReadCall<Input<'banned'>, undefined>): Promise<OffsetPage<BannedMemberView>> {
  const { page } = input;
  const { rows, total } = await bannedUsers(db, caller.now, offsetOf(page), ADMIN_PAGE_SIZE);
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
export function auditLog({ db, input }: ReadCall<Input<'auditLog'>, undefined>): Promise<OffsetPage<AuditEntryView>> {
  return auditEntries(db, input);
}

/** The newest entries of the log, with the people they name (the dashboard's: moderation.api). */
export async function recentAuditEntries(db: Kysely<DB>, count: number): Promise<AuditEntryView[]> {
  return (await auditEntries(db, { page: 1 })).results.slice(0, count);
}

/** A page of the audit log with the people it names. */
async function auditEntries(db: Kysely<DB>, query: Input<'auditLog'>): Promise<OffsetPage<AuditEntryView>> {
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
export async function members({ db, caller, input }: ReadCall<Input<'members'>, undefined>): Promise<OffsetPage<AdminMemberView>> {
  const filter = { needle: input.q ? input.q.toLowerCase() : undefined, role: input.role, banned: input.banned === '1', vip: input.vip === '1', now: caller.now };
  const { rows, total } = await membersPage(db, filter, input.sort, offsetOf(input.page), ADMIN_PAGE_SIZE);
  // The page's trust levels in one more query (issue 28).
  const trust = await trustLevelsOf(db, rows.map((row) => row.id));
  return { results: rows.map((row) => ({ ...presentMember(row, caller.now), trust: trust.get(row.id)! })), total, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/user/role: the last admin keeps the role (409). Audited (`user.roleChanged`). */
export async function setRole({ scope, caller, input }: WriteCall<Input<'setRole'>, undefined>): Promise<AdminMemberView> {
  const target = await getActiveUser(scope.db, input.userId);
  if (!(await changeRole(scope.db, target, input.role, scope.now))) return presentMember(target, caller.now);
  const who = { id: target.id, nickname: target.nickname };
  await scope.emit('user.roleChanged', { user: who, from: target.role, to: input.role, actor: actorOf(caller) });
  // Their profile and menus show the role: every page showing them is rendered anew.
  await scope.emit('user.profileChanged', { userId: target.id });
  return presentMember({ ...target, role: input.role }, caller.now);
}

/** POST admin/user/verify_email: an admin vouches for a member's address (400 when they have none). Audited. */
export async function verifyMemberEmail({ scope, caller, input }: WriteCall<Input<'verifyEmail'>, undefined>): Promise<AdminMemberView> {
  const target = await getActiveUser(scope.db, input.userId);
  if (!target.email) throw errors.validation({ userId: 'adminUsers.errors.noEmail' });
  if (!(await verifyEmail(scope.db, target.id, scope.now))) return presentMember(target, caller.now);
  await scope.emit('user.emailVerified', { user: { id: target.id, nickname: target.nickname }, email: target.email, actor: actorOf(caller) });
  return presentMember({ ...target, email_verified: 1 }, caller.now);
}
