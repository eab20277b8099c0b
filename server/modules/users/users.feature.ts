/**
 * Members: account and profile routes, and the member counters other features' facts move
 * (published topics, articles and comments; follows and fans), kept in step inside the write's transaction.
 */
import type { Feature } from '../../kernel/feature';
import { HANDLER_ORDER } from '../../kernel/events';
import { ALL_PAGES, dropPages } from '../../kernel/page-tags';
import { singleKeyDeltas } from '../../kernel/placement';
import { anonymiseUser, bumpUserCommentCount, bumpUserFollowCount, bumpUserPostCount } from './users.repository';

/** The name an erased member's row keeps (issue 29); the pages show it translated. */
export const ERASED_NICKNAME = 'Deleted member';
import { usersActionList } from './users.actions';

export const usersFeature: Feature = {
  name: 'users',
  actions: usersActionList,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'users', async ({ kind, before, after }, { db, now }) => {
      for (const [userId, delta] of singleKeyDeltas(before, after, (p) => p.userId)) await bumpUserPostCount(db, kind, userId, delta, now);
    }, { order: HANDLER_ORDER.memberRows });
    ctx.events.onWrite('comment.countsMoved', 'users', async ({ deltas }, { db, now }) => {
      // In id order: concurrent writes lock member rows in one order and queue instead of deadlocking.
      for (const [userId, delta] of [...deltas].sort((a, b) => a[0] - b[0])) await bumpUserCommentCount(db, userId, delta, now);
    }, { order: HANDLER_ORDER.memberRows });
    // A follow moves the follower's follow count and the followed member's fans count, in id
    // order (the follow already locked both rows in that order).
    ctx.events.onWrite('follow.changed', 'users', async ({ followerId, followedId, on }, { db, now }) => {
      const delta = on ? 1 : -1;
      const moves = [
        { userId: followerId, column: 'follow_count' as const },
        { userId: followedId, column: 'fans_count' as const },
      ].sort((a, b) => a.userId - b.userId);
      for (const move of moves) await bumpUserFollowCount(db, move.column, move.userId, delta, now);
    }, { order: HANDLER_ORDER.memberRows });
    // An erased member (issue 29): their row anonymised, last (every other feature's rows about
    // them go first, in their own listeners); their name and face leave every page.
    ctx.events.onWrite('user.erased', 'users', async ({ userId }, { db, now }) => {
      await anonymiseUser(db, userId, ERASED_NICKNAME, now);
    }, { order: HANDLER_ORDER.rows + 50 });
    ctx.events.onCommit('user.erased', 'users', (_event, app) => dropPages(app, [ALL_PAGES]));
    // A member's name and face show on every page they wrote on: no tag names them all.
    ctx.events.onCommit('user.profileChanged', 'users', (_event, app) => dropPages(app, [ALL_PAGES]));
  },
};
