/**
 * View counting for post pages (topics, articles): one view per visitor per window on a
 * published post, bots never. The JSON detail, the page loader and a page served from the cache
 * (through the kind's `page.countView`) all count by this one rule.
 */
import { createHash } from 'node:crypto';
import { isBot } from '../../../common/bots';
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { DB, UserRow } from '../../db/schema';
import { bumpCounter } from '../../kernel/counters.repository';
import type { Visit } from '../../kernel/kinds';
import type { PostTable } from './publishing.repository';

/** One visitor: the signed-in user, else a hash of IP and user agent (no raw IP is kept). */
export function visitorKey(viewer: UserRow | null, ip: string, userAgent: string): string {
  if (viewer) return `u${viewer.id}`;
  return 'a' + createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/** Counts the view on `post` (a row of the kind's table) when it is this visitor's first in the window; answers whether it counted. */
export async function countPostView(
  db: Kysely<DB>,
  kind: { type: string; table: PostTable },
  post: { id: number; status: number },
  viewer: UserRow | null,
  visit: Visit,
  now: number,
): Promise<boolean> {
  if (post.status !== CONTENT_STATUS.published) return false;
  if (!visit.userAgent || isBot(visit.userAgent)) return false;
  const key = `${kind.type}:${post.id}:${visitorKey(viewer, visit.ip, visit.userAgent)}`;
  if (!(await visit.dedup.firstSeen(key, TOPIC_LIMITS.viewWindowMs, now))) return false;
  await bumpCounter(db, kind.table, 'view_count', post.id, 1);
  return true;
}
