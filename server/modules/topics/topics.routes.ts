/**
 * Topic, tweet and node routes (API.md "Topics, tweets, nodes, tags"). Each reads as the
 * pipeline: authenticate → validate → authorize → rate-limit (posting) → service → presenter.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { TOPIC_TYPES } from '../../../common/constants';
import { recommendSchema, stickySchema, topicCreateSchema, topicEditSchema, topicTypeField } from '../../../common/validation/topic';
import { requireDb } from '../../context';
import { withRetry } from '../../db/retry';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { perUserAndIpRules, userAgentOf, viewerContext } from '../../http/request-meta';
import { AppError, errors } from '../../http/errors';
import { clientKey } from '../../infra/rate-limiter';
import { parseInput } from '../../http/validate';

import { authorize, isModerator, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import { announceUnread } from '../messages/messages.service';
import { presentNode } from '../nodes/nodes.presenter';
import { listNavNodes, listNodes } from '../nodes/nodes.service';
import type { Settings } from '../settings/settings.schema';
import { cachedFeed, invalidateTopicFeeds } from './topics.cache';
import { hideContentQuery, pathId, tagFeedQuery, topicFeedQuery, userFeedQuery } from './topics.schema';
import type { Page } from './cursor';
import { locateRequest, siteOrigin, viewDedup } from './topics.infra';
import type { TopicView } from './topics.presenter';
import {
  createTopic,
  deleteTopic,
  editableTopic,
  editTopic,
  setTopicFlag,
  topicDetail,
  topicForEdit,
  topicHiddenContent,
  userTopicFeed,
} from './topics.service';

const VERIFY_MESSAGE = 'topic.errors.verifyEmail';

/** The module flag of a topic type: a disabled type is refused with 403. */
function assertTypeEnabled(settings: Settings, type: number): void {
  if (type === TOPIC_TYPES.tweet && !settings.modules.tweet) throw errors.forbidden('topic.errors.tweetDisabled');
  if (type === TOPIC_TYPES.post && !settings.modules.topic) throw errors.forbidden('topic.errors.topicDisabled');
}

function idOrNotFound(value: unknown): number {
  const id = pathId(value);
  if (id === null) throw errors.notFound('topic.errors.notFound');
  return id;
}

export const topicRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/topic/node_navs', async () => ok((await listNavNodes(requireDb(ctx))).map(presentNode)));
  app.get('/topic/nodes', async () => ok((await listNodes(requireDb(ctx))).map(presentNode)));

  /** Public feeds go through the micro-cache; an anonymous reader gets the cached JSON as is. */
  async function sendFeed(reply: FastifyReply, result: Page<TopicView> | { body: string }) {
    if ('body' in result) return reply.type('application/json; charset=utf-8').send(result.body);
    return ok(result);
  }

  app.get('/topic/topics', async (request, reply) => {
    const db = requireDb(ctx);
    const query = parseInput(topicFeedQuery, request.query);
    return sendFeed(reply, await cachedFeed(ctx, db, { kind: 'topics', ...query }, viewerContext(ctx, request)));
  });

  app.get('/topic/tag/topics', async (request, reply) => {
    const db = requireDb(ctx);
    const query = parseInput(tagFeedQuery, request.query);
    return sendFeed(reply, await cachedFeed(ctx, db, { kind: 'tag', ...query }, viewerContext(ctx, request)));
  });

  app.get('/topic/user_topics', async (request) => {
    const db = requireDb(ctx);
    const query = parseInput(userFeedQuery, request.query);
    return ok(await userTopicFeed(db, query, viewerContext(ctx, request)));
  });

  app.get('/topic/hide_content', async (request) => {
    const db = requireDb(ctx);
    const { topicId } = parseInput(hideContentQuery, request.query);
    return ok(await topicHiddenContent(db, topicId, request.user));
  });

  app.get<{ Params: { id: string } }>('/topic/:id', async (request) => {
    const db = requireDb(ctx);
    const id = idOrNotFound(request.params.id);
    const visit = { ip: request.ip, userAgent: userAgentOf(request), dedup: viewDedup(ctx) };
    return ok(await topicDetail(db, id, viewerContext(ctx, request), visit));
  });

  app.post('/topic/create', async (request) => {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const user: UserRow | null = request.user;
    requireVerifiedWriter(user, now, VERIFY_MESSAGE);
    const settings = await ctx.settings.get(db);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const type = topicTypeField.safeParse(body.type ?? TOPIC_TYPES.post);
    if (type.success) assertTypeEnabled(settings, type.data);
    const input = parseInput(topicCreateSchema, body);

    const rules = perUserAndIpRules('topic', settings.postLimits);
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
    let id: number;
    try {
      const meta = { now, settings, siteOrigin: siteOrigin(ctx), ip: request.ip, userAgent: userAgentOf(request), location: locateRequest(ctx, request) };
      id = await withRetry(() => db.transaction().execute((trx) => createTopic(trx, user, input, meta)));
    } catch (error) {
      // A refused topic (bad field) does not use up the author's posting allowance.
      if (limited && error instanceof AppError && error.status === 400) {
        await ctx.limiter.release(rules.perUser, String(user.id));
        await ctx.limiter.release(rules.perIp, clientKey(request.ip));
      }
      throw error;
    }
    invalidateTopicFeeds(ctx);
    return ok(await topicDetail(db, id, viewerContext(ctx, request)));
  });

  app.get<{ Params: { id: string } }>('/topic/edit/:id', async (request) => {
    const db = requireDb(ctx);
    const user: UserRow | null = request.user;
    requireWriter(user, ctx.clock.now());
    return ok(await topicForEdit(db, idOrNotFound(request.params.id), user));
  });

  app.post<{ Params: { id: string } }>('/topic/edit/:id', async (request) => {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const user: UserRow | null = request.user;
    requireVerifiedWriter(user, now, VERIFY_MESSAGE);
    const id = idOrNotFound(request.params.id);
    const row = await editableTopic(db, id, user);
    const input = parseInput(topicEditSchema, request.body);
    const settings = await ctx.settings.get(db);
    await withRetry(() =>
      db.transaction().execute(async (trx) => {
        // Re-read and lock inside the transaction: a concurrent delete or edit waits, so the
        // counters move from the status this edit really starts from.
        const current = await editableTopic(trx, row.id, user, { lock: true });
        await editTopic(trx, current, user, input, { now, settings, siteOrigin: siteOrigin(ctx) });
      }),
    );
    invalidateTopicFeeds(ctx);
    return ok(await topicDetail(db, id, viewerContext(ctx, request)));
  });

  app.post<{ Params: { id: string } }>('/topic/delete/:id', async (request) => {
    const db = requireDb(ctx);
    const now = ctx.clock.now();
    const user: UserRow | null = request.user;
    requireWriter(user, now);
    const id = idOrNotFound(request.params.id);
    const row = await editableTopic(db, id, user);
    authorize(user, 'content:delete', { userId: row.user_id });
    await withRetry(() =>
      db.transaction().execute(async (trx) => {
        const current = await editableTopic(trx, row.id, user, { lock: true });
        await deleteTopic(trx, current, user, { now, ip: request.ip });
      }),
    );
    invalidateTopicFeeds(ctx);
    await announceUnread(ctx, [row.user_id]);
    return ok(null);
  });

  for (const flag of ['recommend', 'sticky'] as const) {
    app.post<{ Params: { id: string } }>(`/topic/${flag}/:id`, async (request) => {
      const db = requireDb(ctx);
      const now = ctx.clock.now();
      const user: UserRow | null = request.user;
      requireWriter(user, now);
      authorize(user, 'content:moderate');
      const id = idOrNotFound(request.params.id);
      const on = flag === 'recommend' ? parseInput(recommendSchema, request.body).recommend : parseInput(stickySchema, request.body).sticky;
      const authorId = await withRetry(() =>
        db.transaction().execute(async (trx) => {
          const row = await editableTopic(trx, id, user, { lock: true });
          await setTopicFlag(trx, row, user, flag, on, { now, ip: request.ip });
          return row.user_id;
        }),
      );
      invalidateTopicFeeds(ctx);
      await announceUnread(ctx, [authorId]);
      return ok(await topicDetail(db, id, viewerContext(ctx, request)));
    });
  }
};
