/**
 * Comment routes (API.md "Comments, likes, favorites…"). Each reads as the pipeline:
 * authenticate → validate → authorize → rate-limit (posting) → service in a transaction →
 * deliver the messages after the commit → present.
 */
import type { FastifyPluginAsync } from 'fastify';
import { commentCreateSchema, commentListQuery, replyListQuery } from '../../../common/validation/comment';
import { requireDb } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { perUserAndIpRules, userAgentOf, viewerContext } from '../../http/request-meta';
import { AppError, errors } from '../../http/errors';
import { clientKey } from '../../infra/rate-limiter';
import { parseInput } from '../../http/validate';

import { authorize, isModerator, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import { siteBaseUrl } from '../../http/site-address';
import { deliver, transact, type Outbox } from '../messages/messages.service';

import { locateRequest, siteOrigin } from '../topics/topics.infra';
import { pathId } from '../topics/topics.schema';

import { commentPage, createComment, deletableComment, deleteComment, presentNewComment, replyPage, type CreatedComment } from './comments.service';

export const commentRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/comment/comments', async (request) => {
    const db = requireDb(ctx);
    const query = parseInput(commentListQuery, request.query);
    return ok(await commentPage(db, query, viewerContext(ctx, request)));
  });

  app.get('/comment/replies', async (request) => {
    const db = requireDb(ctx);
    const query = parseInput(replyListQuery, request.query);
    return ok(await replyPage(db, query, viewerContext(ctx, request)));
  });

  app.post('/comment/create', async (request) => {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const user: UserRow | null = request.user;
    requireWriter(user, now);
    const settings = await ctx.settings.get(db);
    if (settings.commentNeedsVerifiedEmail) requireVerifiedWriter(user, now, 'comment.errors.verifyEmail');
    const input = parseInput(commentCreateSchema, request.body);

    const rules = perUserAndIpRules('comment', settings.commentLimits);
    const limited = !isModerator(user);
    if (limited) {
      await ctx.limiter.consume(rules.perUser, String(user.id));
      try {
        await ctx.limiter.consume(rules.perIp, clientKey(request.ip));
      } catch (error) {
        await ctx.limiter.release(rules.perUser, String(user.id));
        throw error;
      }
    }
    const meta = { now, siteOrigin: siteOrigin(ctx), ip: request.ip, userAgent: userAgentOf(request), location: locateRequest(ctx, request) };
    let written: { result: CreatedComment; outbox: Outbox };
    try {
      written = await transact(db, (trx, outbox) => createComment(trx, user, input, meta, outbox));
    } catch (error) {
      // A refused comment (bad field, vanished item) does not use up the allowance.
      if (limited && error instanceof AppError && (error.status === 400 || error.status === 404)) {
        await ctx.limiter.release(rules.perUser, String(user.id));
        await ctx.limiter.release(rules.perIp, clientKey(request.ip));
      }
      throw error;
    }
    await deliver(ctx, written.outbox, { baseUrl: siteBaseUrl(ctx.config) });
    return ok(await presentNewComment(db, written.result, user, viewerContext(ctx, request)));
  });

  app.post<{ Params: { id: string } }>('/comment/delete/:id', async (request) => {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const user: UserRow | null = request.user;
    requireWriter(user, now);
    const id = pathId(request.params.id);
    if (id === null) throw errors.notFound('comment.errors.notFound');
    const row = await deletableComment(db, id);
    authorize(user, 'content:delete', { userId: row.user_id });
    const { outbox } = await transact(db, async (trx, box) => deleteComment(trx, await deletableComment(trx, id), user, now, box));
    await deliver(ctx, outbox, { baseUrl: siteBaseUrl(ctx.config) });
    return ok(null);
  });
};
