/**
 * Topic, tweet and node routes (API.md "Topics, tweets, nodes, tags"). Each route parses its
 * path and calls the use case (topics.usecases.ts), which authenticates, authorizes, validates,
 * spends the posting allowance and writes; page loaders call the same use cases. A route checks
 * "signed in" itself only where that answer must come before a malformed path or body (401
 * before 404/400), as API.md orders them. The public feeds answer anonymous readers the cached
 * JSON text itself (`cachedFeed`), skipping a parse and a re-serialization.
 */
import type { FastifyPluginAsync } from 'fastify';
import { TOPIC_TYPES } from '../../../common/constants';
import { pathId, tagFeedQuery } from '../../../common/validation/fields';
import { topicCreateSchema, topicTypeField } from '../../../common/validation/topic';
import { requireDb } from '../../context';
import { ok, sendFeed } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import { navNodeList, nodeList } from '../nodes/nodes.api';
import { spendFeedRead } from '../settings/settings.api';
import { followingFeed } from '../follows/follows.api';
import { cachedFeed } from './topics.cache';
import { FEED_FOLLOWED } from './topics.feeds';
import { hideContentQuery, topicFeedQuery, userTopicsQuery } from './topics.schema';
import { assertTypeEnabled, createTopic, deleteTopic, editTopic, flagTopic, topicDetail, topicForEdit, topicHiddenContent, userTopics } from './topics.usecases';

function idOrNotFound(value: unknown): number {
  const id = pathId(value);
  if (id === null) throw errors.notFound('topic.errors.notFound');
  return id;
}

export const topicRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/topic/node_navs', async () => ok(await navNodeList(ctx)));
  app.get('/topic/nodes', async () => ok(await nodeList(ctx)));

  app.get('/topic/topics', async (request, reply) => {
    await spendFeedRead(ctx, request);
    const query = parseInput(topicFeedQuery, request.query);
    // The followed members' feed mixes topics and articles: the follows feature's, never cached.
    if (query.nodeId === FEED_FOLLOWED) return ok(await followingFeed(ctx, viewerContext(ctx, request), query));
    return sendFeed(reply, await cachedFeed(ctx, requireDb(ctx), { kind: 'topics', ...query }, viewerContext(ctx, request)));
  });

  app.get('/topic/tag/topics', async (request, reply) => {
    await spendFeedRead(ctx, request);
    const query = parseInput(tagFeedQuery, request.query);
    return sendFeed(reply, await cachedFeed(ctx, requireDb(ctx), { kind: 'tag', ...query }, viewerContext(ctx, request)));
  });

  app.get('/topic/user_topics', async (request) => {
    await spendFeedRead(ctx, request);
    return ok(await userTopics(ctx, viewerContext(ctx, request), parseInput(userTopicsQuery, request.query)));
  });

  app.get('/topic/hide_content', async (request) => {
    const { topicId } = parseInput(hideContentQuery, request.query);
    return ok(await topicHiddenContent(ctx, viewerContext(ctx, request), topicId));
  });

  app.get<{ Params: { id: string } }>('/topic/:id', async (request) => ok(await topicDetail(ctx, callerOf(ctx, request), idOrNotFound(request.params.id), { countView: true })));

  app.post('/topic/create', async (request) => {
    const caller = callerOf(ctx, request);
    // Who may post, and whether the type is on, come before the body's field errors.
    requireVerifiedWriter(caller.viewer, caller.now, 'topic.errors.verifyEmail');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const type = topicTypeField.safeParse(body.type ?? TOPIC_TYPES.post);
    if (type.success) assertTypeEnabled(await ctx.settings.get(requireDb(ctx)), type.data);
    return ok(await createTopic(ctx, caller, parseInput(topicCreateSchema, body)));
  });

  app.get<{ Params: { id: string } }>('/topic/edit/:id', async (request) => {
    const viewer = viewerContext(ctx, request);
    requireWriter(viewer.viewer, viewer.now);
    return ok(await topicForEdit(ctx, viewer, idOrNotFound(request.params.id)));
  });

  app.post<{ Params: { id: string } }>('/topic/edit/:id', async (request) => {
    const caller = callerOf(ctx, request);
    requireVerifiedWriter(caller.viewer, caller.now, 'topic.errors.verifyEmail');
    return ok(await editTopic(ctx, caller, idOrNotFound(request.params.id), request.body));
  });

  app.post<{ Params: { id: string } }>('/topic/delete/:id', async (request) => {
    const caller = callerOf(ctx, request);
    requireWriter(caller.viewer, caller.now);
    await deleteTopic(ctx, caller, idOrNotFound(request.params.id));
    return ok(null);
  });

  for (const flag of ['recommend', 'sticky'] as const) {
    app.post<{ Params: { id: string } }>(`/topic/${flag}/:id`, async (request) => {
      const caller = callerOf(ctx, request);
      requireWriter(caller.viewer, caller.now);
      authorize(caller.viewer, 'content:moderate');
      return ok(await flagTopic(ctx, caller, idOrNotFound(request.params.id), flag, request.body));
    });
  }
};
