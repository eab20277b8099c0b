import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { presentConfig } from './site.presenter';

export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/config/configs', async () => {
    const { ctx } = app;
    const settings = await ctx.settings.get(ctx.state.installed ? ctx.state.db : null);
    return ok(presentConfig(settings, ctx.state.installed));
  });
};
