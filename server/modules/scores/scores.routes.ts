/**
 * Check-in, score log and ranking routes (API.md `checkin/*`, `user/score_logs`, `user/score/rank`):
 * parse, the caller, the use case, `ok()`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { callerOf, viewerContext } from '../../kernel/caller';
import { checkin, checkinInfo, scoreLogs, scoreRanking, todayCheckins } from './scores.usecases';

export const scoreRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.post('/checkin/checkin', async (request) => ok(await checkin(ctx, callerOf(ctx, request))));
  app.get('/checkin/checkin', async (request) => ok(await checkinInfo(ctx, viewerContext(ctx, request))));
  app.get('/checkin/rank', async (request) => ok(await todayCheckins(ctx, viewerContext(ctx, request))));
  app.get('/user/score_logs', async (request) => ok(await scoreLogs(ctx, viewerContext(ctx, request), request.query)));
  app.get('/user/score/rank', async (request) => ok(await scoreRanking(ctx, viewerContext(ctx, request))));
};
