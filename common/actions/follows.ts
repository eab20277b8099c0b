/**
 * Follows (API.md `fans/*`, docs/api-additions.md, issue 13) and the public profile `user/{id}`,
 * which carries the reader's follow state; the following feed the home page reads (its API door
 * is `topic/topics?nodeId=-2`, the topics' feed).
 */
import { z } from '../zod';
import { idField } from '../validation/fields';
import { followingFeedQuery, followListQuery, followSchema } from '../validation/follow';
import type { FollowedPost, FollowedState, FollowState, FollowSuggestions } from '../views/follow';
import type { Page } from '../views/page';
import type { PublicUser } from '../views/user';
import { contract, returns } from './contract';

export const followActions = {
  follow: contract({
    name: 'follow.follow',
    method: 'POST',
    path: '/api/fans/follow',
    input: followSchema,
    output: returns<FollowState>(),
    summary: 'Follows a member (idempotent); answers the state and their follower count.',
  }),
  unfollow: contract({
    name: 'follow.unfollow',
    method: 'POST',
    path: '/api/fans/unfollow',
    input: followSchema,
    output: returns<FollowState>(),
    summary: 'Stops following a member (idempotent); answers the state and their follower count.',
  }),
  isFollowed: contract({
    name: 'follow.isFollowed',
    method: 'GET',
    path: '/api/fans/isfollowed',
    input: followSchema,
    output: returns<FollowedState>(),
    summary: 'Whether the reader follows a member (false for visitors and for oneself).',
  }),
  fans: contract({
    name: 'follow.fans',
    method: 'GET',
    path: '/api/fans/fans',
    input: followListQuery,
    output: returns<Page<PublicUser>>(),
    summary: "A member's followers, newest follow first, each with the reader's own follow state.",
  }),
  followed: contract({
    name: 'follow.followed',
    method: 'GET',
    path: '/api/fans/followed',
    input: followListQuery,
    output: returns<Page<PublicUser>>(),
    summary: 'The members a member follows, newest follow first.',
  }),
  suggestions: contract({
    name: 'follow.suggestions',
    method: 'GET',
    path: '/api/fans/suggestions',
    input: z.object({}),
    output: returns<FollowSuggestions>(),
    summary: 'Members worth following: the most followed, the most active this week.',
  }),
  profile: contract({
    name: 'follow.profile',
    method: 'GET',
    path: '/api/user/:id',
    input: z.object({ id: idField }),
    output: returns<PublicUser>(),
    summary: "A member's public profile, with whether the reader follows them.",
    notFound: 'errors.account.userNotFound',
  }),
  feed: contract({
    name: 'follow.feed',
    method: null,
    path: null,
    input: followingFeedQuery,
    output: returns<Page<FollowedPost>>(),
    summary: 'The topics and articles of the members the reader follows, newest first (the home page’s Following tab).',
  }),
};
