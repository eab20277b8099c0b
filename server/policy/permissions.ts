/**
 * Who may do what (DESIGN convention 7): one declarative table, `can(user, action, resource)`.
 * Moderators act by role, owners by id. Features add their actions to `Action` and `rules`.
 */
import { canByRole, isAdmin, isModerator, roleOf } from '../../common/policy';
import { errors } from '../http/errors';

export interface Actor {
  id: number;
  role: string;
  forbidden_until: number;
  /** The moderator's reason, told to the banned member with the 403 (absent: none given). */
  forbidden_reason?: string;
  email_verified: number;
}

/** Something owned by a user: a topic, an article, a comment… */
export interface Owned {
  userId: number;
}

export type Action =
  | 'admin:access' // the admin back office
  | 'user:setRole' // grant or revoke moderator/admin
  | 'user:ban'
  | 'content:moderate' // approve, recommend, sticky, delete others' content
  | 'content:edit' // edit an owned item
  | 'content:delete' // delete an owned item
  | 'settings:update' // the site settings (admins)
  | 'site:manage' // nodes, tags, friend links, site notices (admins)
  | 'vip:manage'; // VIP settings, activate and reject orders

// Role rules are shared with the pages (common/policy.ts); the ones needing a row live here.
export { isAdmin, isModerator, roleOf };

export function isBanned(user: Pick<Actor, 'forbidden_until'>, now: number): boolean {
  return user.forbidden_until === -1 || user.forbidden_until > now;
}

type Rule = (user: Actor, resource: Owned | undefined) => boolean;

const rules: Record<Action, Rule> = {
  'admin:access': (u) => canByRole(u, 'admin:access'),
  'user:setRole': (u) => canByRole(u, 'user:setRole'),
  'user:ban': (u) => canByRole(u, 'user:ban'),
  'content:moderate': (u) => canByRole(u, 'content:moderate'),
  'settings:update': (u) => canByRole(u, 'settings:update'),
  'site:manage': (u) => canByRole(u, 'site:manage'),
  'content:edit': (u, r) => isModerator(u) || (r !== undefined && r.userId === u.id),
  'content:delete': (u, r) => isModerator(u) || (r !== undefined && r.userId === u.id),
  'vip:manage': (u) => canByRole(u, 'vip:manage'),
};

export function can(user: Actor | null | undefined, action: Action, resource?: Owned): boolean {
  if (!user) return false;
  return rules[action](user, resource);
}

/** Throws 401 for anonymous and 403 when the rule refuses. */
export function authorize(user: Actor | null | undefined, action: Action, resource?: Owned): asserts user is Actor {
  if (!user) throw errors.notSignedIn();
  if (!can(user, action, resource)) throw errors.forbidden();
}

/**
 * The gate in front of every write a member makes (post, comment, like, profile…): signed in
 * and not banned. Moderators and admins are never blocked by their own ban state.
 */
export function requireWriter(user: Actor | null | undefined, now: number): asserts user is Actor {
  if (!user) throw errors.notSignedIn();
  if (!isModerator(user) && isBanned(user, now)) throw errors.banned(user.forbidden_until, user.forbidden_reason);
}

/** As `requireWriter`, plus a verified e-mail (posting topics and articles, spec §5). */
export function requireVerifiedWriter(user: Actor | null | undefined, now: number, messageKey?: string): asserts user is Actor {
  requireWriter(user, now);
  if (!user.email_verified && !isModerator(user)) throw errors.emailNotVerified(messageKey);
}
