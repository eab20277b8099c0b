/**
 * VIP routes (API.md `vip/*`; the back office's `admin/vip/*`, docs/api-additions.md): parse,
 * the caller, the use case, `ok()`. The use cases authorize (401 and 403 before 400).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pathId } from '../../../common/validation/fields';
import { vipQueueQuery } from '../../../common/validation/vip';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { activate, myOrders, placeOrder, readVipSettings, reject, submitTxHash, updateVipSettings, vipPlans, vipQueue } from './vip.usecases';

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** The path's id; anything else is an id no order has (404 after the use case's own checks). */
const idOf = (request: WithId) => pathId(request.params.id) ?? 0;

export const vipRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/vip/plans', async () => ok(await vipPlans(ctx)));
  app.get('/vip/orders', async (request) => ok(await myOrders(ctx, viewerContext(ctx, request), request.query)));
  app.post('/vip/orders', async (request) => ok(await placeOrder(ctx, callerOf(ctx, request), request.body)));
  app.post('/vip/orders/:id/submit', async (request: WithId) => ok(await submitTxHash(ctx, callerOf(ctx, request), idOf(request), request.body)));

  app.get('/admin/vip/orders', async (request) => {
    const viewer = viewerContext(ctx, request);
    // Who may look comes before the query's field errors.
    authorize(viewer.viewer, 'vip:manage');
    return ok(await vipQueue(ctx, viewer, parseInput(vipQueueQuery, request.query)));
  });
  app.post('/admin/vip/orders/:id/activate', async (request: WithId) => ok(await activate(ctx, callerOf(ctx, request), idOf(request))));
  app.post('/admin/vip/orders/:id/reject', async (request: WithId) => ok(await reject(ctx, callerOf(ctx, request), idOf(request), request.body)));
  app.get('/admin/vip/settings', async (request) => ok(await readVipSettings(ctx, viewerContext(ctx, request))));
  app.post('/admin/vip/settings', async (request) => ok(await updateVipSettings(ctx, callerOf(ctx, request), request.body)));
};
