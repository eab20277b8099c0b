/**
 * Follows as the API and the pages see them (API.md `fans/*`, the following feed). Pure shapes;
 * the server's follows feature fills them.
 */
import type { ArticleView } from './article';
import type { TopicView } from './topic';
import type { PublicUser } from './user';

/** POST fans/follow and fans/unfollow: the new state and the followed member's follower count after it. */
export interface FollowState {
  followed: boolean;
  fansCount: number;
}

/**
 * A row of `fans/fans` and `fans/followed`: the member (their `followed` is the viewer's own
 * follow state) and the follow's id, which the list's keyset cursor pages by.
 */
export type FollowListUser = PublicUser;

/** An entry of the following feed: a topic or an article in its own API shape, and which it is. */
export type FollowedPost = (TopicView & { entityType: 'topic' }) | (ArticleView & { entityType: 'article' });

/** Members worth following (the following feed's empty state): the most followed, the most active this week. */
export interface FollowSuggestions {
  mostFollowed: PublicUser[];
  activeThisWeek: PublicUser[];
}
