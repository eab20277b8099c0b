/**
 * Messages of the signed-in user (API.md "user/msg_recent", "user/messages"; marking read with
 * `POST user/messages/read` and `read_all`, never by reading), the live unread badge
 * (`GET /api/user/events`, Server-Sent Events), and notification settings
 * (`GET|POST /api/user/settings`, `{replyMail}`).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGE_LIMITS } from '../../../common/constants';
import { cursorQuery } from '../../../common/validation/fields';
import { markMessagesReadSchema, notificationSettingsSchema } from '../../../common/validation/comment';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { viewerContext } from '../../kernel/caller';
import { countUnread } from './messages.repository';
import { recentMessages, updateNotificationSettings, type ReaderContext } from './messages.service';
import { markAllRead, markRead, messageList, notificationSettings } from './messages.usecases';
import { UnreadHub } from './unread-hub';

function signedIn(request: FastifyRequest): UserRow {
  if (!request.user) throw errors.notSignedIn();
  return request.user;
}

function readerContext(ctx: AppContext, request: FastifyRequest): ReaderContext {
  return { locale: request.locale, now: ctx.clock.now() };
}

export const messageRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  const hub = new UnreadHub(ctx.bus, {
    heartbeatMs: MESSAGE_LIMITS.sseHeartbeatMs,
    maxPerUser: MESSAGE_LIMITS.sseMaxPerUser,
    retryMs: MESSAGE_LIMITS.sseRetryMs,
    count: async (userId) => (ctx.state.db ? countUnread(ctx.state.db, userId) : 0),
    onError: (error) => ctx.log.warn({ err: error }, 'unread count refresh failed'),
  });
  await hub.start();
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.close());

  app.get('/user/msg_recent', async (request) => {
    const db = requireDb(ctx);
    const user = signedIn(request);
    return ok(await recentMessages(db, user.id, readerContext(ctx, request)));
  });

  app.get('/user/messages', async (request) => {
    const caller = viewerContext(ctx, request);
    requireDb(ctx);
    signedIn(request);
    const { cursor } = parseInput(cursorQuery, request.query);
    return ok(await messageList(ctx, caller, { cursor }));
  });

  /** `{ids}` or `{upTo}` → `{marked, count}`: the reader's own messages only (others' ids match nothing). */
  app.post('/user/messages/read', async (request) => {
    const caller = viewerContext(ctx, request);
    requireDb(ctx);
    signedIn(request);
    return ok(await markRead(ctx, caller, parseInput(markMessagesReadSchema, request.body ?? {})));
  });

  app.post('/user/messages/read_all', async (request) => {
    const caller = viewerContext(ctx, request);
    requireDb(ctx);
    signedIn(request);
    return ok(await markAllRead(ctx, caller));
  });

  /**
   * The live unread count: `event: unread` with `{count}` on connect and on every change, a
   * comment line every 25 s. Answers 401 (JSON) when not signed in.
   */
  app.get('/user/events', async (request, reply) => {
    requireDb(ctx);
    const user = signedIn(request);
    reply.hijack();
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setKeepAlive(true);
    hub.open(user.id, reply.raw);
  });

  app.get('/user/settings', async (request) => {
    return ok(notificationSettings(ctx, { viewer: request.user }));
  });

  app.post('/user/settings', async (request) => {
    const db = requireDb(ctx);
    const user = signedIn(request);
    const input = parseInput(notificationSettingsSchema, request.body);
    return ok(await updateNotificationSettings(db, user.id, input, ctx.clock.now()));
  });
};
