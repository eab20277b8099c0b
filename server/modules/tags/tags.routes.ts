/** Tag routes (API.md: tag/tags, tag/{id}, tag/autocomplete). */
import type { FastifyPluginAsync } from 'fastify';
import { tagAutocompleteSchema } from '../../../common/validation/topic';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { cursorQuery, pathId } from '../../../common/validation/fields';
import { spendAutocomplete, spendFeedRead } from '../settings/read-limits';
import { presentTag } from './tags.presenter';
import { autocompleteTags, listTags } from './tags.service';
import { publicTag } from './tags.usecases';

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
};
