/**
 * The signed-in user as the site shell sees it: the same shape `GET /api/user/current` answers,
 * from the one users presenter (no hash, no token, no IPs). The SSR handler presents it once per
 * request and hands it to the pages as the load context's `sessionUser` (server/http/ssr.ts).
 */
import type { SessionUser } from '../../common/views/user';
import type { UserRow } from '../db/schema';
import { presentCurrentUser } from '../modules/users/users.api';

export type { SessionUser };

export function presentSessionUser(row: UserRow | null, now: number): SessionUser | null {
  return row ? presentCurrentUser(row, { now }) : null;
}
