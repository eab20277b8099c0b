/**
 * The signed-in user as the site shell sees it (root loader → `useRootData().user`): the same
 * shape `GET /api/user/current` answers, from the one users presenter (no hash, no token, no IPs).
 */
import type { UserRow } from '../db/schema';
import { presentCurrentUser, type CurrentUser } from '../modules/users/users.presenter';

export type SessionUser = CurrentUser;

export function presentSessionUser(row: UserRow | null, now: number): SessionUser | null {
  return row ? presentCurrentUser(row, { now }) : null;
}
