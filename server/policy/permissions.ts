/**
 * Who may do what (DESIGN convention 7): `can(user, action, resource)` is common/policies/can.ts,
 * the one table the pages read too; here it throws the API's errors (`authorize`) and adds the
 * rules that need a row's state (a ban's end, a verified e-mail).
 */
import { isAdmin, isModerator, roleOf } from '../../common/policy';
import { can as sharedCan, type Action, type Resource } from '../../common/policies/can';
import { errors } from '../infra/errors';

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

/** The actions, and the rule deciding each, are common/policies/can.ts's: the pages ask the same function. */
export type { Action };

// Role rules are shared with the pages (common/policy.ts); the ones needing a row live here.
export { isAdmin, isModerator, roleOf };

export function isBanned(user: Pick<Actor, 'forbidden_until'>, now: number): boolean {
  return user.forbidden_until === -1 || user.forbidden_until > now;
}

export function can(user: Actor | null | undefined, action: Action, resource?: Resource): boolean {
  return sharedCan(user, action, resource);
}

/** Throws 401 for anonymous and 403 when the rule refuses. */
export function authorize(user: Actor | null | undefined, action: Action, resource?: Resource): asserts user is Actor {
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
  if (!user.email_verified && !sharedCan(user, 'content:postUnverified')) throw errors.emailNotVerified(messageKey);
}
