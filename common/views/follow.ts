/**
 * Follows as the API and the pages see them (API.md `fans/*`, the following feed). Pure shapes;
 * the server's follows feature fills them.
 */
import { z } from '../zod';
import { articleViewSchema } from './article';
import { topicViewSchema } from './topic';
import { publicUserSchema, type PublicUser } from './user';

/** POST fans/follow and fans/unfollow: the new state and the followed member's follower count after it. */
export const followStateSchema = z.strictObject({ followed: z.boolean(), fansCount: z.number() }).meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

/** GET fans/isfollowed: whether the reader follows the member (false for visitors and for oneself). */
export const followedStateSchema = z.strictObject({ followed: z.boolean() }).meta({ id: 'FollowedState' });
export type FollowedState = z.infer<typeof followedStateSchema>;

/**
 * A row of `fans/fans` and `fans/followed`: the member (their `followed` is the viewer's own
 * follow state) and the follow's id, which the list's keyset cursor pages by.
 */
export type FollowListUser = PublicUser;

/** An entry of the following feed: a topic or an article in its own API shape, and which it is. */
export const followedPostSchema = z.union([topicViewSchema.extend({ entityType: z.literal('topic') }), articleViewSchema.extend({ entityType: z.literal('article') })]);
export type FollowedPost = z.infer<typeof followedPostSchema>;

/** Members worth following (the following feed's empty state): the most followed, the most active this week. */
export const followSuggestionsSchema = z.strictObject({
  mostFollowed: z.array(publicUserSchema),
  activeThisWeek: z.array(publicUserSchema),
}).meta({ id: 'FollowSuggestions' });
export type FollowSuggestions = z.infer<typeof followSuggestionsSchema>;
