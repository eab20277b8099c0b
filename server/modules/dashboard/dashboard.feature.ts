/** The back office's dashboard (issue 17): GET admin/dashboard and `/admin`'s data. Read-only. */
import type { FastifyPluginAsync } from 'fastify';
import type { Feature } from '../../features';
import { ok } from '../../http/envelope';
import { pageRead } from '../../kernel/pages';
import { viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { dashboard } from './dashboard.usecases';

const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.get('/admin/dashboard', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'admin:access');
    return ok(await dashboard(ctx, viewer));
  });
};

export const dashboardFeature: Feature = {
  name: 'dashboard',
  api: dashboardRoutes,
  pages: (ctx) => ({ admin: { dashboard: pageRead(ctx, dashboard) } }),
};
