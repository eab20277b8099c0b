/**
 * The follow actions and reads, for the JSON routes and the page loaders alike (ADR 0011): the
 * toggle, a member's public profile with the viewer's follow state, the fans and followed lists,
 * the following feed and the members worth following.
 */
import type { FollowedPost, FollowState, FollowSuggestions } from '../../../common/views/follow';
import type { PublicUser } from '../../../common/views/user';
import { requireDb, type AppContext } from '../../context';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { runWrite } from '../../kernel/write';
import { requireWriter } from '../../policy/permissions';
import { followingFeed as followingFeedPage, followList, followSuggestions, isFollowing, profileOf, setFollow } from './follows.service';

/** POST fans/follow and fans/unfollow: signed in and not banned; never oneself (400, `userId`). */
export function toggleFollow(ctx: AppContext, caller: Caller, userId: number, on: boolean): Promise<FollowState> {
  requireDb(ctx);
  const actor = caller.viewer;
  requireWriter(actor, caller.now);
  return runWrite(ctx, (scope) => setFollow(scope, actor, userId, on), { now: caller.now });
}

/** GET fans/isfollowed: `{followed}` for the viewer and the member (the author card's button, on cached pages). */
export async function followState(ctx: AppContext, caller: ViewerContext, userId: number): Promise<{ followed: boolean }> {
  return { followed: await isFollowing(requireDb(ctx), caller.viewer, userId) };
}

/** GET user/{id}: an active member's public profile, `followed` saying whether the viewer follows them. */
export function publicProfile(ctx: AppContext, caller: ViewerContext, id: number): Promise<PublicUser> {
  return profileOf(requireDb(ctx), id, caller);
}

/** GET fans/fans: who follows the member, newest first. */
export function fansOf(ctx: AppContext, caller: ViewerContext, params: { userId: number; cursor?: string }): Promise<Page<PublicUser>> {
  return followList(requireDb(ctx), 'fans', params, caller);
}

/** GET fans/followed: whom the member follows, newest first. */
export function followedBy(ctx: AppContext, caller: ViewerContext, params: { userId: number; cursor?: string }): Promise<Page<PublicUser>> {
  return followList(requireDb(ctx), 'followed', params, caller);
}

/** GET topic/topics?nodeId=-2: the topics and articles of whom the viewer follows (empty for anonymous readers). */
export function followingFeed(ctx: AppContext, caller: ViewerContext, params: { cursor?: string }): Promise<Page<FollowedPost>> {
  return followingFeedPage(requireDb(ctx), ctx.kinds, params, caller);
}

/** GET fans/suggestions: members worth following. */
export function suggestions(ctx: AppContext, caller: ViewerContext): Promise<FollowSuggestions> {
  return followSuggestions(requireDb(ctx), caller);
}
