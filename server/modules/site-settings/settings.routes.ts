/**
 * Settings routes (issue 17, API.md "Admin and moderation": settings, admins only): read every
 * editable setting, change some, send a test mail. Who may comes before the body's field errors
 * (401/403 before 400); each route then parses its input and calls the use case.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminSettingsUpdateSchema, testMailSchema } from '../../../common/validation/settings';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { adminSettings, sendTestMail, updateSettings } from './settings.usecases';

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/admin/settings', async (request) => ok(await adminSettings(ctx, viewerContext(ctx, request))));

  app.post('/admin/settings', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'settings:update');
    return ok(await updateSettings(ctx, caller, parseInput(adminSettingsUpdateSchema, request.body)));
  });

  app.post('/admin/settings/test_mail', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'settings:update');
    return ok(await sendTestMail(ctx, caller, parseInput(testMailSchema, request.body)));
  });
};
