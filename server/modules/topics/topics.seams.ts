/**
 * Where topics meet the features of issue 6. Comments are wired (hidden content opens to
 * commenters; likes and favorites come through publishing.read.ts); follows do not exist yet, so
 * `followedUserIds` still answers "nothing" without touching the database: whoever adds follows
 * replaces its body, keeping the signature.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasCommented } from '../comments/comments.service';

/** Whether `userId` has a published comment (or reply) on the topic (hidden content opens to commenters). */
export async function hasUserCommented(db: Kysely<DB>, topicId: number, userId: number): Promise<boolean> {
  return hasCommented(db, { type: 'topic', id: topicId }, userId);
}

/**
 * The ids of the users `userId` follows, for the followed-users feed (nodeId −2); empty means an
 * empty feed. TODO(follows): read the follows table; past a few thousand, switch the feed query
 * to a join on it instead of an id list. Either way the feed filters by author and sorts by last
 * activity, which no index serves today (topics_user_idx sorts by create_time): add, in a new
 * migration, an index on topics (user_id, status, last_comment_time, id) with that change.
 */
export async function followedUserIds(_db: Kysely<DB>, _userId: number): Promise<number[]> {
  return [];
}
