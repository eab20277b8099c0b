/**
 * Article routes (API.md "Articles"): each parses its path and query and calls the use case
 * (articles.usecases.ts), which checks who may act, the module switch, the row and the body in
 * that order; page loaders call the same use cases. Public feeds answer anonymous readers the
 * cached JSON itself.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cursorQuery, pathId, tagFeedQuery, userFeedQuery } from '../../../common/validation/fields';
import { ok, sendFeed } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { articleDetail, articleFeedAnswer, articleForEdit, createArticle, deleteArticle, editArticle, recommendArticle, userArticles } from './articles.usecases';

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** The path's id; anything but a positive integer is an id no article has, so the use case answers 404 after its own checks (401 first). */
const idOf = (request: WithId) => pathId(request.params.id) ?? 0;

export const articleRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/article/articles', async (request, reply) => sendFeed(reply, await articleFeedAnswer(ctx, viewerContext(ctx, request), parseInput(cursorQuery, request.query))));
  app.get('/article/tag/articles', async (request, reply) => sendFeed(reply, await articleFeedAnswer(ctx, viewerContext(ctx, request), parseInput(tagFeedQuery, request.query))));
  app.get('/article/user_articles', async (request) => ok(await userArticles(ctx, viewerContext(ctx, request), parseInput(userFeedQuery, request.query))));
  app.get('/article/:id', async (request: WithId) => ok(await articleDetail(ctx, callerOf(ctx, request), idOf(request), { countView: true })));

  app.post('/article/create', async (request) => ok(await createArticle(ctx, callerOf(ctx, request), request.body)));
  app.get('/article/edit/:id', async (request: WithId) => ok(await articleForEdit(ctx, viewerContext(ctx, request), idOf(request))));
  app.post('/article/edit/:id', async (request: WithId) => ok(await editArticle(ctx, callerOf(ctx, request), idOf(request), request.body)));
  app.post('/article/delete/:id', async (request: WithId) => ok(await deleteArticle(ctx, callerOf(ctx, request), idOf(request)).then(() => null)));
  app.post('/article/recommend/:id', async (request: WithId) => ok(await recommendArticle(ctx, callerOf(ctx, request), idOf(request), request.body)));
};
