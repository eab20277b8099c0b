/** Tag routes (API.md: tag/tags, tag/{id}, tag/autocomplete; the back office's admin/tags, admin/tag/rename, merge, delete). */
import type { FastifyPluginAsync } from 'fastify';
import { tagAutocompleteSchema } from '../../../common/validation/topic';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { cursorQuery, pathId } from '../../../common/validation/fields';
import { spendAutocomplete, spendFeedRead } from '../settings/settings.api';
import { presentTag } from './tags.presenter';
import { autocompleteTags, listTags } from './tags.service';
import { adminTags, deleteTagAsAdmin, mergeTagsAsAdmin, publicTag, renameTagAsAdmin } from './tags.usecases';
import { idSchema, tagMergeSchema, tagQuery, tagRenameSchema } from '../../../common/validation/site-admin';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';

export const tagRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/tag/tags', async (request) => {
    const db = requireDb(ctx);
    await spendFeedRead(ctx, request);
    const { cursor } = parseInput(cursorQuery, request.query);
    const page = await listTags(db, cursor);
    return ok({ ...page, results: page.results.map(presentTag) });
  });

  app.post('/tag/autocomplete', async (request) => {
    const db = requireDb(ctx);
    await spendAutocomplete(ctx, request);
    const { input } = parseInput(tagAutocompleteSchema, request.body);
    return ok((await autocompleteTags(db, input)).map(presentTag));
  });

  app.get<{ Params: { id: string } }>('/tag/:id', async (request) => {
    requireDb(ctx);
    const id = pathId(request.params.id);
    const tag = id === null ? null : await publicTag(ctx, id);
    if (!tag) throw errors.notFound('topic.errors.tagNotFound');
    return ok(tag);
  });

  // The back office (issue 17), admins only; who may comes before the body's field errors.
  app.get('/admin/tags', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'site:manage');
    return ok(await adminTags(ctx, viewer, parseInput(tagQuery, request.query)));
  });

  app.post('/admin/tag/rename', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await renameTagAsAdmin(ctx, caller, parseInput(tagRenameSchema, request.body)));
  });

  app.post('/admin/tag/merge', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    return ok(await mergeTagsAsAdmin(ctx, caller, parseInput(tagMergeSchema, request.body)));
  });

  app.post('/admin/tag/delete', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'site:manage');
    await deleteTagAsAdmin(ctx, caller, parseInput(idSchema, request.body).id);
    return ok(null);
  });
};
