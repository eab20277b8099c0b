/**
 * Who may do what, by role: the one answer the server's policy (server/policy/permissions.ts)
 * and the pages share, so a moderator's menu shows exactly the actions the API accepts. Rules
 * that need a row (ownership, a ban's end) stay on the server; the pages ask it for those.
 */
import type { Role } from './constants';

/** Actions decided by the viewer's role alone. */
export type StaffAction =
  | 'admin:access' // the back office (/admin)
  | 'user:ban' // ban or unban a member of a lower rank
  | 'user:setRole' // grant or revoke moderator/admin
  | 'content:moderate' // approve, recommend, sticky, delete others' content
  | 'settings:update' // read and change the site settings (/admin/settings)
  | 'site:manage' // nodes, tags, friend links, site notices (issue 17)
  | 'vip:manage'; // VIP settings and the order queue (/admin/vip)

const RANK: Record<Role, number> = { member: 0, moderator: 1, admin: 2 };

/** Anything with a role (a row, a presented user); unknown roles count as a member. */
export interface HasRole {
  role: string;
}

export function roleOf(user: HasRole | null | undefined): Role {
  const role = user?.role;
  return role === 'admin' || role === 'moderator' ? role : 'member';
}

export function isModerator(user: HasRole | null | undefined): boolean {
  return RANK[roleOf(user)] >= RANK.moderator;
}

export function isAdmin(user: HasRole | null | undefined): boolean {
  return roleOf(user) === 'admin';
}

const STAFF_RULES: Record<StaffAction, (user: HasRole) => boolean> = {
  'admin:access': isModerator,
  'user:ban': isModerator,
  'user:setRole': isAdmin,
  'content:moderate': isModerator,
  'settings:update': isAdmin,
  'site:manage': isAdmin,
  'vip:manage': isAdmin,
};

/** Whether the viewer's role allows the action (null: nobody signed in). */
export function canByRole(user: HasRole | null | undefined, action: StaffAction): boolean {
  return user ? STAFF_RULES[action](user) : false;
}

/** Why a ban of `target` by `actor` is refused, or null when it may go ahead. */
export type BanRefusal = 'notStaff' | 'self' | 'rank';

/**
 * Moderators ban members; admins ban members and moderators; nobody bans an equal or a higher
 * rank (so two admins cannot lock each other out), and nobody bans themself.
 */
export function banRefusal(actor: HasRole & { id: number }, target: HasRole & { id: number }): BanRefusal | null {
  if (!canByRole(actor, 'user:ban')) return 'notStaff';
  if (actor.id === target.id) return 'self';
  if (RANK[roleOf(target)] >= RANK[roleOf(actor)]) return 'rank';
  return null;
}

/** A ban's length as the API takes it (spec §4, §9): 7 days, or −1 for forever. */
export const BAN_DAYS = [7, -1] as const;
export type BanDays = (typeof BAN_DAYS)[number];
export const BAN_REASON_MAX = 200;
export const DAY_MS = 86_400_000;

/** The ban's end in epoch ms for `days` from `now` (−1: forever). */
export function banUntil(days: BanDays, now: number): number {
  return days === -1 ? -1 : now + days * DAY_MS;
}
