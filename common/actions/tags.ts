/**
 * Tags (API.md "Topics, tweets, nodes, tags": tag/tags, tag/{id}, tag/autocomplete) and the back
 * office's tag table and writes (API.md "Back office: nodes, tags, friend links, site notices").
 */
import { z } from '../zod';
import { cursorQuery, idField } from '../validation/fields';
import { idSchema, tagMergeSchema, tagQuery, tagRenameSchema } from '../validation/site-admin';
import { tagAutocompleteSchema } from '../validation/topic';
import type { OffsetPage } from '../views/moderation';
import type { Page } from '../views/page';
import type { TagView } from '../views/tag';
import { contract, returns } from './contract';

export const tagActions = {
  list: contract({
    name: 'tag.list',
    method: 'GET',
    path: '/api/tag/tags',
    input: cursorQuery,
    output: returns<Page<TagView>>(),
    summary: 'Public tags by popularity (used by a published topic or article), keyset paged.',
  }),
  autocomplete: contract({
    name: 'tag.autocomplete',
    method: 'POST',
    path: '/api/tag/autocomplete',
    input: tagAutocompleteSchema,
    output: returns<TagView[]>(),
    summary: 'Up to 10 public tags whose names start with `input` (any case), most used first: a read, POST for the typed text.',
  }),
  get: contract({
    name: 'tag.get',
    method: 'GET',
    path: '/api/tag/:id',
    input: z.object({ id: idField }),
    output: returns<TagView>(),
    summary: 'One public tag.',
    notFound: 'topic.errors.tagNotFound',
  }),
  adminList: contract({
    name: 'tag.adminList',
    method: 'GET',
    path: '/api/admin/tags',
    input: tagQuery,
    output: returns<OffsetPage<TagView>>(),
    summary: 'The back office: every active tag, used or not, searched by name, most used first (admins).',
  }),
  rename: contract({
    name: 'tag.rename',
    method: 'POST',
    path: '/api/admin/tag/rename',
    input: tagRenameSchema,
    output: returns<TagView>(),
    summary: 'Renames a tag; a name another tag has (any case) is refused: merge into it instead (admins).',
  }),
  merge: contract({
    name: 'tag.merge',
    method: 'POST',
    path: '/api/admin/tag/merge',
    input: tagMergeSchema,
    output: returns<TagView>(),
    summary: "Merges a tag into another: its topics' and articles' links move, the other is counted again (admins).",
  }),
  delete: contract({
    name: 'tag.delete',
    method: 'POST',
    path: '/api/admin/tag/delete',
    input: idSchema,
    output: returns<null>(),
    summary: 'Deletes a tag and its links; the items stay (admins).',
  }),
};
