/**
 * Like and favorite routes, and the signed-in user's favorites (API.md "Comments, likes,
 * favorites…", "user/favorites"). Pipeline: authenticate → validate → rate-limit → service in a
 * transaction (retried on deadlock) → deliver messages after the commit → answer.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { cursorQuery, favoriteSchema, likeSchema } from '../../../common/validation/comment';
import { requireDb } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { viewerContext } from '../../http/request-meta';
import { errors } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { isModerator, requireWriter } from '../../policy/permissions';
import { siteBaseUrl } from '../../http/site-address';
import { deliver, transact } from '../messages/messages.service';

import { addFavorite, favoritesPage, like, removeFavorite, unlike } from './reactions.service';

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

  app.post('/like/like', async (request) => {
    const db = requireDb(ctx);
    const { user, input } = await writerWith(request, likeSchema);
    const now = ctx.clock.now();
    const { result, outbox } = await transact(db, (trx, box) => like(trx, user, input, now, box));
    await deliver(ctx, outbox, { baseUrl: siteBaseUrl(ctx.config) });
    return ok(result);
  });

  app.post('/like/unlike', async (request) => {
    const db = requireDb(ctx);
    const { user, input } = await writerWith(request, likeSchema);
    const now = ctx.clock.now();
    const { result } = await transact(db, (trx) => unlike(trx, user, input, now));
    return ok(result);
  });

  app.post('/favorite/add', async (request) => {
    const db = requireDb(ctx);
    const { user, input } = await writerWith(request, favoriteSchema);
    const now = ctx.clock.now();
    const { result, outbox } = await transact(db, (trx, box) => addFavorite(trx, user, input, now, box));
    await deliver(ctx, outbox, { baseUrl: siteBaseUrl(ctx.config) });
    return ok(result);
  });

  app.post('/favorite/delete', async (request) => {
    const db = requireDb(ctx);
    const { user, input } = await writerWith(request, favoriteSchema);
    const now = ctx.clock.now();
    const { result } = await transact(db, (trx) => removeFavorite(trx, user, input, now));
    return ok(result);
  });

  app.get('/user/favorites', async (request) => {
    const db = requireDb(ctx);
    const user = request.user;
    if (!user) throw errors.notSignedIn();
    const { cursor } = parseInput(cursorQuery, request.query);
    return ok(await favoritesPage(db, user, { cursor }, viewerContext(ctx, request)));
  });
};
