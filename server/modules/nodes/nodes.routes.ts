/** The back office's node routes (issue 17; API.md "Admin and moderation": nodes create, update, delete, order). Admins only. */
import type { FastifyPluginAsync } from 'fastify';
import { nodeDeleteSchema, nodeSchema, nodeUpdateSchema, orderSchema, sitePageQuery } from '../../../common/validation/site-admin';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { adminNodes, createNodeAsAdmin, deleteNodeAsAdmin, orderNodeAsAdmin, updateNodeAsAdmin } from './nodes.usecases';

export const nodeAdminRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/admin/nodes', async (request) => {
    requireDb(ctx);
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'site:manage');
    return ok(await adminNodes(ctx, viewer, parseInput(sitePageQuery, request.query).page));
  });

  // Who may comes before the body's field errors (401/403 before 400).
  app.post('/admin/node/create', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await createNodeAsAdmin(ctx, caller, parseInput(nodeSchema, request.body)));
  });

  app.post('/admin/node/update', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await updateNodeAsAdmin(ctx, caller, parseInput(nodeUpdateSchema, request.body)));
  });

  app.post('/admin/node/order', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await orderNodeAsAdmin(ctx, caller, parseInput(orderSchema, request.body));
    return ok(null);
  });

  app.post('/admin/node/delete', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await deleteNodeAsAdmin(ctx, caller, parseInput(nodeDeleteSchema, request.body));
    return ok(null);
  });
};

