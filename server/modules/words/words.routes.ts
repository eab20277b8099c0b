/**
 * Forbidden words (API.md "Admin and moderation": forbidden words create, update, delete): the
 * list for moderators and admins, changes for admins. Who may comes before the body's errors.
 */
import type { FastifyPluginAsync } from 'fastify';
import { wordDeleteSchema, wordSchema, wordsQuery, wordUpdateSchema } from '../../../common/validation/words';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { addWord, deleteWord, editWord, listWords } from './words.usecases';

export const wordsRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/admin/words', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'words:read');
    return ok(await listWords(ctx, viewer, parseInput(wordsQuery, request.query)));
  });

  app.post('/admin/words/create', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'words:manage');
    return ok(await addWord(ctx, caller, parseInput(wordSchema, request.body)));
  });

  app.post('/admin/words/update', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'words:manage');
    const { id, ...input } = parseInput(wordUpdateSchema, request.body);
    return ok(await editWord(ctx, caller, id, input));
  });

  app.post('/admin/words/delete', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'words:manage');
    await deleteWord(ctx, caller, parseInput(wordDeleteSchema, request.body).id);
    return ok({ deleted: true });
  });
};
