/**
 * The one answer to "may this viewer do this?" (issue 16): a pure function the server's
 * authorization (server/policy/permissions.ts `authorize`) and the pages (which buttons and menus
 * to show) both call, so a moderator's screen shows exactly the actions the API accepts. Rules
 * that need the database (a ban's end, whether a row exists) stay on the server; a page that needs
 * them asks it (`admin/user/ban_state` answers `canBan` by this same function).
 */
import { banRefusal, canByRole, isAdmin, isModerator, type HasRole } from '../policy';

export type Action =
  | 'admin:access' // the back office (/admin)
  | 'content:moderate' // approve, recommend, sticky, delete others' content
  | 'content:edit' // edit an item: its owner, or a moderator
  | 'content:delete' // delete an item: its owner, or a moderator
  | 'content:postUnverified' // post topics and articles without a verified e-mail; never wait for review
  | 'user:list' // the back office's member list
  | 'user:ban' // ban or unban (with a target: that member, by rank)
  | 'user:setRole' // grant or revoke moderator/admin
  | 'user:verifyEmail' // mark a member's e-mail verified by hand
  | 'words:read' // see the forbidden words
  | 'words:manage' // add, change, remove forbidden words
  | 'settings:update' // read and change the site settings (/admin/settings)
  | 'site:manage' // nodes, tags, friend links, site notices
  | 'vip:manage' // VIP settings, the order queue: activate, reject (/admin/vip)
  | 'jobs:manage' // jobs after commit: their states, errors, retry (/admin/jobs)
  | 'backups:manage' // whole-forum backups: schedule, back up now, download, delete (/admin/backups)
  | 'user:warn' // send a member a formal warning (issue 28)
  | 'ipBans:manage' // IP and network bans (/admin/ip-bans)
  | 'trust:set' // set a member's trust level by hand
  | 'user:resetSecurity' // remove a member's second factors (a lost device, issue 29)
  | 'system:inspect'; // the process's memory and caches in figures (GET admin/system/memory, issue 32)

/** Whoever acts: an id and a role (a user row, the session user, a presented user). */
export interface Subject extends HasRole {
  id: number;
}

/** What an action is about: an owned item (`userId`), or a member acted on (`target`). */
export interface Resource {
  userId?: number;
  target?: Subject;
}

const owns = (user: Subject, resource: Resource | undefined) => resource?.userId !== undefined && resource.userId === user.id;

const RULES: Record<Action, (user: Subject, resource: Resource | undefined) => boolean> = {
  'admin:access': (u) => canByRole(u, 'admin:access'),
  'content:moderate': (u) => canByRole(u, 'content:moderate'),
  'content:edit': (u, r) => isModerator(u) || owns(u, r),
  'content:delete': (u, r) => isModerator(u) || owns(u, r),
  'content:postUnverified': (u) => isModerator(u),
  'user:list': (u) => isModerator(u),
  'user:ban': (u, r) => (r?.target ? banRefusal(u, r.target) === null : canByRole(u, 'user:ban')),
  'user:setRole': (u) => canByRole(u, 'user:setRole'),
  'user:verifyEmail': (u) => isAdmin(u),
  // Moderators enforce the word list (the review queue names the word that held a post) but the
  // list itself is site policy, like the settings: only admins change it.
  'words:read': (u) => isModerator(u),
  'words:manage': (u) => isAdmin(u),
  'settings:update': (u) => canByRole(u, 'settings:update'),
  'site:manage': (u) => canByRole(u, 'site:manage'),
  // Money is the owner's business: moderators moderate content, admins sell membership.
  'vip:manage': (u) => canByRole(u, 'vip:manage'),
  // The mail queue and the site's housekeeping: the operator's, like the settings.
  'jobs:manage': (u) => isAdmin(u),
  // An archive holds every member's password hash and the site's secrets: the operator's alone.
  'backups:manage': (u) => isAdmin(u),
  // A warning is moderation of a member, short of a ban: moderators and admins.
  'user:warn': (u) => isModerator(u),
  // A network ban can shut out a whole café or campus: site policy, the admins'.
  'ipBans:manage': (u) => isAdmin(u),
  // Staff vouch for a member (or hold one back) as they judge their posts.
  'trust:set': (u) => isModerator(u),
  'user:resetSecurity': (u) => isAdmin(u),
  // How the server itself is doing (memory, caches): the operator's, like the jobs.
  'system:inspect': (u) => isAdmin(u),
};

/** Whether `user` (null: nobody signed in) may do `action` (on `resource`). */
export function can(user: Subject | null | undefined, action: Action, resource?: Resource): boolean {
  if (!user) return false;
  return RULES[action](user, resource);
}
