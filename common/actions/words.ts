/** Forbidden words (docs/api-additions.md "Back office: members, forbidden words"): moderators read, admins change. */
import { wordDeleteSchema, wordSchema, wordsQuery, wordUpdateSchema } from '../validation/words';
import type { OffsetPage } from '../views/moderation';
import type { WordDeleted, WordView } from '../views/words';
import { contract, returns } from './contract';

export const wordActions = {
  list: contract({
    name: 'words.list',
    method: 'GET',
    path: '/api/admin/words',
    input: wordsQuery,
    output: returns<OffsetPage<WordView>>(),
    summary: 'The forbidden words, newest first, optionally those containing `q`.',
  }),
  create: contract({
    name: 'words.create',
    method: 'POST',
    path: '/api/admin/words/create',
    input: wordSchema,
    output: returns<WordView>(),
    summary: 'Adds a forbidden word or regular expression (checked to finish in time on hostile inputs).',
  }),
  update: contract({
    name: 'words.update',
    method: 'POST',
    path: '/api/admin/words/update',
    input: wordUpdateSchema,
    output: returns<WordView>(),
    summary: 'Changes a forbidden word.',
  }),
  delete: contract({
    name: 'words.delete',
    method: 'POST',
    path: '/api/admin/words/delete',
    input: wordDeleteSchema,
    output: returns<WordDeleted>(),
    summary: 'Removes a forbidden word.',
  }),
};
