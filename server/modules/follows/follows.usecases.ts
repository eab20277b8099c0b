/**
 * The follow use cases, one function per action (follows.actions.ts declares who may call each,
 * its limit and its answer), for the JSON routes and the page loaders alike: the toggle, a
 * member's public profile with the reader's follow state, the fans and followed lists, the
 * following feed and the members worth following.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { followActions } from '../../../common/actions/follows';
import type { FollowedPost, FollowedState, FollowState, FollowSuggestions } from '../../../common/views/follow';
import type { PublicUser } from '../../../common/views/user';
import { requireDb, type AppContext } from '../../context';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf, type ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { followingFeed as followingFeedPage, followList, followSuggestions, isFollowing, profileOf, setFollow } from './follows.service';

type Input<K extends keyof typeof followActions> = ParsedInputOf<(typeof followActions)[K]>;

/** POST fans/follow, inside the transaction: never oneself (400, `userId`). */
export function followMember({ scope, caller, input }: WriteCall<Input<'follow'>, undefined>): Promise<FollowState> {
  return setFollow(scope, memberOf(caller), input.userId, true);
}

/** POST fans/unfollow, inside the transaction. */
export function unfollowMember({ scope, caller, input }: WriteCall<Input<'unfollow'>, undefined>): Promise<FollowState> {
  return setFollow(scope, memberOf(caller), input.userId, false);
}

/** GET fans/isfollowed: `{followed}` for the reader and the member (the author card's button, on cached pages). */
export async function followState({ db, caller, input }: ReadCall<Input<'isFollowed'>, undefined>): Promise<FollowedState> {
  return { followed: await isFollowing(db, caller.viewer, input.userId) };
}

/** GET user/{id}: an active member's public profile, `followed` saying whether the reader follows them. */
export function publicProfile({ db, caller, input }: ReadCall<Input<'profile'>, undefined>): Promise<PublicUser> {
  return profileOf(db, input.id, caller);
}

/** GET fans/fans: who follows the member, newest first. */
export function fansOf({ db, caller, input }: ReadCall<Input<'fans'>, undefined>): Promise<Page<PublicUser>> {
  return followList(db, 'fans', input, caller);
}

/** GET fans/followed: whom the member follows, newest first. */
export function followedBy({ db, caller, input }: ReadCall<Input<'followed'>, undefined>): Promise<Page<PublicUser>> {
  return followList(db, 'followed', input, caller);
}

/** The home page's Following tab: the topics and articles of whom the reader follows (empty for visitors). */
export function followedPosts({ db, ctx, caller, input }: ReadCall<Input<'feed'>, undefined>): Promise<Page<FollowedPost>> {
  return followingFeedPage(db, ctx.kinds, input, caller);
}

/**
 * The same feed for the topics' door to it (`GET topic/topics?nodeId=-2`), which reads it as a
 * neighbour through follows.api: the app and the reader, no call object of ours.
 */
export function followingFeed(ctx: AppContext, caller: ViewerContext, params: { cursor?: string }): Promise<Page<FollowedPost>> {
  return followingFeedPage(requireDb(ctx), ctx.kinds, params, caller);
}

/** GET fans/suggestions: members worth following. */
export function suggestions({ db, caller }: ReadCall<Input<'suggestions'>, undefined>): Promise<FollowSuggestions> {
  return followSuggestions(db, caller);
}
