/**
 * Friend-link routes: GET link/list (API.md: `cursor` → links `{id,title,url,summary,logo}`,
 * keyset paged) and the back office's admin/links, admin/link/create, update, order, delete
 * (admins only; who may comes before the body's field errors).
 */
import type { FastifyPluginAsync } from 'fastify';
import { cursorQuery } from '../../../common/validation/fields';
import { idSchema, linkSchema, linkUpdateSchema, orderSchema, sitePageQuery } from '../../../common/validation/site-admin';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { spendFeedRead } from '../settings/settings.api';
import { adminLinks, createLinkAsAdmin, deleteLinkAsAdmin, linkList, orderLinkAsAdmin, updateLinkAsAdmin } from './links.usecases';

export const linkRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/link/list', async (request) => {
    await spendFeedRead(ctx, request);
    return ok(await linkList(ctx, parseInput(cursorQuery, request.query).cursor));
  });

  app.get('/admin/links', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'site:manage');
    return ok(await adminLinks(ctx, viewer, parseInput(sitePageQuery, request.query).page));
  });

  app.post('/admin/link/create', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await createLinkAsAdmin(ctx, caller, parseInput(linkSchema, request.body)));
  });

  app.post('/admin/link/update', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await updateLinkAsAdmin(ctx, caller, parseInput(linkUpdateSchema, request.body)));
  });

  app.post('/admin/link/order', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await orderLinkAsAdmin(ctx, caller, parseInput(orderSchema, request.body));
    return ok(null);
  });

  app.post('/admin/link/delete', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await deleteLinkAsAdmin(ctx, caller, parseInput(idSchema, request.body).id);
    return ok(null);
  });
};
