/**
 * The back office's members and bans (API.md "Admin and moderation", docs/api-additions.md
 * "Back office: members"): the contracts of the moderation feature's actions. Moderators and
 * admins; roles and manual verification are admins'.
 */
import { z } from '../zod';
import { auditQuery, bannedQuery, banSchema, membersQuery, setRoleSchema, unbanSchema, verifyEmailSchema } from '../validation/moderation';
import { idField } from '../validation/fields';
import type { AdminMemberView, AuditEntryView, BannedMemberView, BanStateView, OffsetPage } from '../views/moderation';
import type { CurrentUser } from '../views/user';
import { contract, returns } from './contract';

export const moderationActions = {
  ban: contract({
    name: 'moderation.ban',
    method: 'POST',
    path: '/api/admin/user/ban',
    input: banSchema,
    output: returns<CurrentUser>(),
    summary: 'Bans a member for 7 days or forever with a reason (a forever ban may hide their content); banning again replaces the ban.',
  }),
  unban: contract({
    name: 'moderation.unban',
    method: 'POST',
    path: '/api/admin/user/unban',
    input: unbanSchema,
    output: returns<CurrentUser>(),
    summary: 'Lifts a running ban (a member who is not banned is left as is).',
  }),
  banState: contract({
    name: 'moderation.banState',
    method: 'GET',
    path: '/api/admin/user/ban_state',
    input: z.object({ userId: idField }),
    output: returns<BanStateView>(),
    summary: "A member's ban, and whether the reader may ban or unban them (the moderator menus).",
  }),
  banned: contract({
    name: 'moderation.banned',
    method: 'GET',
    path: '/api/admin/users/banned',
    input: bannedQuery,
    output: returns<OffsetPage<BannedMemberView>>(),
    summary: 'Members under a running ban, forever ones first, then by the soonest end.',
  }),
  members: contract({
    name: 'moderation.members',
    method: 'GET',
    path: '/api/admin/users',
    input: membersQuery,
    output: returns<OffsetPage<AdminMemberView>>(),
    summary: 'Members by name or e-mail, sorted and filtered (role, banned, VIP), a numbered page with the total.',
  }),
  setRole: contract({
    name: 'moderation.setRole',
    method: 'POST',
    path: '/api/admin/user/role',
    input: setRoleSchema,
    output: returns<AdminMemberView>(),
    summary: "Sets a member's role (admins); the last admin keeps theirs.",
  }),
  verifyEmail: contract({
    name: 'moderation.verifyEmail',
    method: 'POST',
    path: '/api/admin/user/verify_email',
    input: verifyEmailSchema,
    output: returns<AdminMemberView>(),
    summary: "Marks a member's e-mail address verified by hand (admins).",
  }),
  auditLog: contract({
    name: 'moderation.auditLog',
    method: 'GET',
    path: '/api/admin/audit_logs',
    input: auditQuery,
    output: returns<OffsetPage<AuditEntryView>>(),
    summary: 'The audit log, newest first, filtered by who acted, what was done and to what.',
  }),
};
