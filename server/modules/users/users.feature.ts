/**
 * Members: account and profile routes, and the member counters other features' facts move
 * (published topics, articles and comments), kept in step inside the write's transaction.
 */
import type { Feature } from '../../features';
import { userPages } from './users.pages';
import { singleKeyDeltas } from '../../kernel/placement';
import { bumpUserCommentCount, bumpUserPostCount } from './users.repository';
import { usersRoutes } from './users.routes';

export const usersFeature: Feature = {
  name: 'users',
  api: usersRoutes,
  pages: userPages,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'users', async ({ kind, before, after }, { db, now }) => {
      for (const [userId, delta] of singleKeyDeltas(before, after, (p) => p.userId)) await bumpUserPostCount(db, kind, userId, delta, now);
    });
    ctx.events.onWrite('comment.countsMoved', 'users', async ({ deltas }, { db, now }) => {
      // In id order: concurrent writes lock member rows in one order and queue instead of deadlocking.
      for (const [userId, delta] of [...deltas].sort((a, b) => a[0] - b[0])) await bumpUserCommentCount(db, userId, delta, now);
    });
  },
};
