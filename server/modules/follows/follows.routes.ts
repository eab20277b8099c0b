/**
 * Follow routes (API.md `fans/*`, docs/api-additions.md) and the public profile `user/{id}`,
 * which carries the viewer's follow state. Pipeline of the toggle: signed in and not banned →
 * valid body → one click of the member's follow allowance → the write (counts and the followed
 * member's message are handlers of `follow.changed`) → `{followed, fansCount}`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { followListQuery, followSchema } from '../../../common/validation/follow';
import { pathId } from '../../../common/validation/fields';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import type { RateRule } from '../../infra/rate-limiter';
import { callerOf, viewerContext } from '../../kernel/caller';
import { requireWriter } from '../../policy/permissions';
import { fansOf, followedBy, followState, publicProfile, suggestions, toggleFollow } from './follows.usecases';

/** Toggles per member: generous for real use (a list of follow buttons), a wall for a script following everyone. */
export const FOLLOW_RULE: RateRule = { name: 'follow:user', max: 60, windowMs: 10 * 60_000 };

export const followRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  for (const [path, on] of [['/fans/follow', true], ['/fans/unfollow', false]] as const) {
    app.post(path, async (request) => {
      const caller = callerOf(ctx, request);
      requireDb(ctx);
      requireWriter(caller.viewer, caller.now);
      const { userId } = parseInput(followSchema, request.body);
      await ctx.limiter.consume(FOLLOW_RULE, String(caller.viewer.id));
      return ok(await toggleFollow(ctx, caller, userId, on));
    });
  }

  app.get('/fans/isfollowed', async (request) => ok(await followState(ctx, viewerContext(ctx, request), parseInput(followSchema, request.query).userId)));
  app.get('/fans/fans', async (request) => ok(await fansOf(ctx, viewerContext(ctx, request), parseInput(followListQuery, request.query))));
  app.get('/fans/followed', async (request) => ok(await followedBy(ctx, viewerContext(ctx, request), parseInput(followListQuery, request.query))));
  app.get('/fans/suggestions', async (request) => ok(await suggestions(ctx, viewerContext(ctx, request))));

  app.get<{ Params: { id: string } }>('/user/:id', async (request) => {
    requireDb(ctx);
    const id = pathId(request.params.id);
    if (id === null) throw errors.notFound('errors.account.userNotFound');
    return ok(await publicProfile(ctx, viewerContext(ctx, request), id));
  });
};
