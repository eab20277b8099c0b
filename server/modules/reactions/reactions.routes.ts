/**
 * Like and favorite routes, and the signed-in user's favorites (API.md "Comments, likes,
 * favorites…", "user/favorites"). Pipeline: authenticate → validate → rate-limit → the write (one
 * transaction, retried on deadlock; the author's message and cache invalidation are handlers of
 * `reaction.changed`) → answer.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { favoriteSchema, likeSchema } from '../../../common/validation/comment';
import { cursorQuery } from '../../../common/validation/fields';
import { requireDb } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { viewerContext } from '../../kernel/caller';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { isModerator, requireWriter } from '../../policy/permissions';
import { runWrite } from '../../kernel/write';
import { setFavorite, setLike } from './reactions.service';
import { favoriteList } from './reactions.usecases';

export const reactionRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  /**
   * Signed in and not banned, a valid body, then one click of the allowance: the body is read
   * before the click is spent, so a refused request (400) costs nothing.
   */
  async function writerWith<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<{ user: UserRow; input: z.output<S> }> {
    const db = requireDb(ctx);
    const user: UserRow | null = request.user;
    requireWriter(user, ctx.clock.now());
    const input = parseInput(schema, request.body);
    if (!isModerator(user)) {
      const settings = await ctx.settings.get(db);
      await ctx.limiter.consume({ name: 'reaction:user', ...settings.reactionLimits.perUser }, String(user.id));
    }
    return { user, input };
  }

  for (const [path, on] of [['/like/like', true], ['/like/unlike', false]] as const) {
    app.post(path, async (request) => {
      const { user, input } = await writerWith(request, likeSchema);
      return ok(await runWrite(ctx, (scope) => setLike(scope, user, input, on)));
    });
  }

  for (const [path, on] of [['/favorite/add', true], ['/favorite/delete', false]] as const) {
    app.post(path, async (request) => {
      const { user, input } = await writerWith(request, favoriteSchema);
      return ok(await runWrite(ctx, (scope) => setFavorite(scope, user, input, on)));
    });
  }

  app.get('/user/favorites', async (request) => {
    const caller = viewerContext(ctx, request);
    requireDb(ctx);
    if (!caller.viewer) throw errors.notSignedIn();
    const { cursor } = parseInput(cursorQuery, request.query);
    return ok(await favoriteList(ctx, caller, { cursor }));
  });
};
