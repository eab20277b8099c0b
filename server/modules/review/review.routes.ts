/**
 * Review queue and content table routes (docs/api-additions.md "Review and content"), moderators
 * and admins: who may comes before the body's field errors (401/403 before 400).
 */
import type { FastifyPluginAsync } from 'fastify';
import { approveSchema, contentQuery, rejectSchema, restoreSchema, reviewQuery } from '../../../common/validation/review';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { approveReview, contentList, rejectReview, restoreContent, reviewList } from './review.usecases';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/admin/review/list', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'content:moderate');
    return ok(await reviewList(ctx, viewer, parseInput(reviewQuery, request.query)));
  });

  app.post('/admin/review/approve', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'content:moderate');
    return ok(await approveReview(ctx, caller, parseInput(approveSchema, request.body)));
  });

  app.post('/admin/review/reject', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'content:moderate');
    return ok(await rejectReview(ctx, caller, parseInput(rejectSchema, request.body)));
  });

  app.get('/admin/content/list', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'content:moderate');
    return ok(await contentList(ctx, viewer, parseInput(contentQuery, request.query)));
  });

  app.post('/admin/content/restore', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'content:moderate');
    return ok(await restoreContent(ctx, caller, parseInput(restoreSchema, request.body)));
  });
};
