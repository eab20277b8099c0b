/**
 * Comment routes (API.md "Comments, likes, favorites…"). Each reads as the pipeline:
 * authenticate → validate → authorize → posting allowance → the write (one transaction; its
 * messages, counters and cache invalidation are handlers of the facts it records) → present.
 */
import type { FastifyPluginAsync } from 'fastify';
import { commentCreateSchema, commentListQuery, replyListQuery, userCommentsQuery } from '../../../common/validation/comment';
import { pathId } from '../../../common/validation/fields';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { publicOrigin } from '../../http/site-address';
import { parseInput } from '../../http/validate';
import { withAllowance } from '../../kernel/allowance';
import { callerOf, viewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize, isModerator, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import { spendFeedRead } from '../settings/read-limits';
import { createComment, deletableComment, deleteComment, presentNewComment } from './comments.service';
import { commentList, replyList, userComments } from './comments.usecases';

export const commentRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/comment/comments', async (request) => {
    await spendFeedRead(ctx, request);
    const query = parseInput(commentListQuery, request.query);
    return ok(await commentList(ctx, viewerContext(ctx, request), query));
  });

  app.get('/comment/replies', async (request) => {
    await spendFeedRead(ctx, request);
    const query = parseInput(replyListQuery, request.query);
    return ok(await replyList(ctx, viewerContext(ctx, request), query));
  });

  app.get('/comment/user_comments', async (request) => {
    await spendFeedRead(ctx, request);
    const query = parseInput(userCommentsQuery, request.query);
    return ok(await userComments(ctx, viewerContext(ctx, request), query));
  });

  app.post('/comment/create', async (request) => {
    const db = requireDb(ctx);
    const caller = callerOf(ctx, request);
    const user = caller.viewer;
    requireWriter(user, caller.now);
    const settings = await ctx.settings.get(db);
    if (settings.commentNeedsVerifiedEmail) requireVerifiedWriter(user, caller.now, 'comment.errors.verifyEmail');
    const input = parseInput(commentCreateSchema, request.body);
    // A refused comment (bad field, vanished item, its kind's module switched off) does not use up the allowance.
    const allowance = { family: 'comment', limits: settings.commentLimits, refundOn: [400, 403, 404] };
    const meta = { now: caller.now, siteOrigin: publicOrigin(ctx.config), ip: caller.origin.ip, userAgent: caller.origin.userAgent, location: caller.origin.location() };
    const created = await withAllowance(ctx, allowance, user, caller.origin.ip, () => runWrite(ctx, (scope) => createComment(scope, user, input, meta), { now: caller.now }));
    return ok(await presentNewComment(db, created, user, caller));
  });

  app.post<{ Params: { id: string } }>('/comment/delete/:id', async (request) => {
    const db = requireDb(ctx);
    const caller = callerOf(ctx, request);
    const user = caller.viewer;
    requireWriter(user, caller.now);
    const id = pathId(request.params.id);
    if (id === null) throw errors.notFound('comment.errors.notFound');
    const row = await deletableComment(db, id);
    authorize(user, 'content:delete', { userId: row.user_id });
    const actor = { id: user.id, moderator: isModerator(user), ip: caller.origin.ip };
    await runWrite(ctx, async (scope) => deleteComment(scope, await deletableComment(scope.db, id), actor), { now: caller.now });
    return ok(null);
  });
};
