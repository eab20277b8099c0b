/**
 * Following members: the declared actions (the toggle, the profile, the lists, the following
 * feed: the API's routes and the pages' reads). The counts are the users feature's
 * handler of `follow.changed`; the followed member's message and both members' pages are here.
 */
import type { Feature } from '../../kernel/feature';
import { dropPages, userPageTag } from '../../kernel/page-tags';
import { notify } from '../messages/messages.api';
import { followsActionList } from './follows.actions';
import { endFollowsBetween } from './follows.service';
import { forgetFollowsOf } from './follows.service';

const DAY_MS = 24 * 60 * 60 * 1000;

export const followsFeature: Feature = {
  name: 'follows',
  actions: followsActionList,
  setup(ctx) {
    // An erased member (issue 29): their follows end both ways, each counted back like an unfollow.
    ctx.events.onWrite('user.erased', 'follows', ({ userId }, scope) => forgetFollowsOf(scope, userId));

    // A new follower tells the member, at most once a day per follower: following, unfollowing
    // and following again the same day sends nothing new (the key names the day).
    ctx.events.onWrite('follow.changed', 'follows', async ({ followerId, followedId, on }, scope) => {
      if (!on) return;
      const day = Math.floor(scope.now / DAY_MS);
      await notify(scope, { to: followedId, from: followerId, type: 'follow', url: `/user/${followerId}`, entity: { type: 'user', id: followerId }, eventKey: `follow:${followerId}:${day}` });
    });
    // A block ends the follows between the two members, both ways (issue 28).
    ctx.events.onWrite('block.changed', 'follows', async ({ blockerId, blockedId, on }, scope) => {
      if (on) await endFollowsBetween(scope, blockerId, blockedId);
    });
    // Both members' profiles, lists and fans pages show the counts and lists a follow moves.
    ctx.events.onCommit('follow.changed', 'follows', ({ followerId, followedId }, app) => dropPages(app, [userPageTag(followerId), userPageTag(followedId)]));
  },
};
