/**
 * Site-notice routes: GET notice/list (API.md: the published notices, those whose window holds
 * now) and the back office's admin/notices, admin/notice/create, update, delete (admins only;
 * who may comes before the body's field errors).
 */
import type { FastifyPluginAsync } from 'fastify';
import { idSchema, noticeSchema, noticeUpdateSchema, sitePageQuery } from '../../../common/validation/site-admin';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { spendFeedRead } from '../settings/settings.api';
import { adminNotices, createNoticeAsAdmin, deleteNoticeAsAdmin, noticeList, updateNoticeAsAdmin } from './notices.usecases';

export const noticeRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/notice/list', async (request) => {
    await spendFeedRead(ctx, request);
    return ok(await noticeList(ctx));
  });

  app.get('/admin/notices', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'site:manage');
    return ok(await adminNotices(ctx, viewer, parseInput(sitePageQuery, request.query).page));
  });

  app.post('/admin/notice/create', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await createNoticeAsAdmin(ctx, caller, parseInput(noticeSchema, request.body)));
  });

  app.post('/admin/notice/update', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await updateNoticeAsAdmin(ctx, caller, parseInput(noticeUpdateSchema, request.body)));
  });

  app.post('/admin/notice/delete', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await deleteNoticeAsAdmin(ctx, caller, parseInput(idSchema, request.body).id);
    return ok(null);
  });
};
