/**
 * Where topics meet the features of issue 6. Likes, favorites and comments are wired (one query
 * per page, whatever its size); follows do not exist yet, so `followedUserIds` still answers
 * "nothing" without touching the database: whoever adds follows replaces its body, keeping the
 * signature.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasCommented } from '../comments/comments.service';
import { likedAndFavoritedIds } from '../reactions/reactions.service';

export interface ViewerFlags {
  liked: ReadonlySet<number>;
  favorited: ReadonlySet<number>;
}

const NO_FLAGS: ViewerFlags = { liked: new Set(), favorited: new Set() };

/** Which of `topicIds` the viewer liked and favorited: one query for a whole page. */
export async function viewerTopicFlags(db: Kysely<DB>, viewerId: number | null, topicIds: readonly number[]): Promise<ViewerFlags> {
  if (viewerId === null || topicIds.length === 0) return NO_FLAGS;
  return likedAndFavoritedIds(db, viewerId, 'topic', topicIds);
}

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
