/** Search routes (API.md `search/topic`, `search/article`, `search/user`): the query string goes to the use case as is. */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { callerOf } from '../../kernel/caller';
import { searchArticlesCase, searchTopicsCase, searchUsersCase } from './search.usecases';

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.get('/search/topic', async (request) => ok(await searchTopicsCase(ctx, callerOf(ctx, request), request.query)));
  app.get('/search/article', async (request) => ok(await searchArticlesCase(ctx, callerOf(ctx, request), request.query)));
  app.get('/search/user', async (request) => ok(await searchUsersCase(ctx, callerOf(ctx, request), request.query)));
};
