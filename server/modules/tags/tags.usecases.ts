/**
 * The tag use cases, one function per action (tags.actions.ts declares who may call each, its
 * limit and its answer): the public tag list, one tag, autocomplete, and the back office's table
 * and writes (issue 17).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { tagActions } from '../../../common/actions/tags';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { OffsetPage } from '../../../common/views/moderation';
import type { Page } from '../../../common/views/page';
import type { TagView } from '../../../common/views/tag';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf } from '../../kernel/caller';
import { mergeTags, removeTag, renameTag } from './tags.admin';
import { presentTag } from './tags.presenter';
import { countAdminTags, findAdminTagsPage } from './tags.repository';
import { autocompleteTags, findPublicTag, listTags } from './tags.service';

type Input<K extends keyof typeof tagActions> = ParsedInputOf<(typeof tagActions)[K]>;

/** GET tag/tags: public tags by popularity, keyset paged. */
export async function tagList({ db, input }: ReadCall<Input<'list'>, undefined>): Promise<Page<TagView>> {
  const page = await listTags(db, input.cursor);
  return { ...page, results: page.results.map(presentTag) };
}

/** POST tag/autocomplete: public tags starting with what was typed, most used first. */
export async function tagAutocomplete({ db, input }: ReadCall<Input<'autocomplete'>, undefined>): Promise<TagView[]> {
  return (await autocompleteTags(db, input.input)).map(presentTag);
}

/** GET tag/{id}: a public tag (the tag pages' header); 404 for one no published item carries. */
export async function publicTag({ db, input }: ReadCall<Input<'get'>, undefined>): Promise<TagView> {
  const tag = await findPublicTag(db, input.id);
  if (!tag) throw errors.notFound('topic.errors.tagNotFound');
  return presentTag(tag);
}

// The back office (issue 17): admins only (the declarations' `who`).

/** GET admin/tags: active tags (used or not) whose names contain `q`, most used first, a numbered page. */
export async function adminTags({ db, input }: ReadCall<Input<'adminList'>, undefined>): Promise<OffsetPage<TagView>> {
  const q = input.q || undefined;
  const offset = (input.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findAdminTagsPage(db, q, offset, ADMIN_PAGE_SIZE), countAdminTags(db, q)]);
  return { results: rows.map(presentTag), total, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/tag/rename, inside the transaction. */
export async function renameTagAsAdmin({ scope, caller, input }: WriteCall<Input<'rename'>, undefined>): Promise<TagView> {
  return presentTag(await renameTag(scope, actorOf(caller), input));
}

/** POST admin/tag/merge: answers `into`, counted again. */
export async function mergeTagsAsAdmin({ scope, caller, input }: WriteCall<Input<'merge'>, undefined>): Promise<TagView> {
  return presentTag(await mergeTags(scope, actorOf(caller), input));
}

/** POST admin/tag/delete: the tag and its links go; the items stay. */
export async function deleteTagAsAdmin({ scope, caller, input }: WriteCall<Input<'delete'>, undefined>): Promise<null> {
  await removeTag(scope, actorOf(caller), input.id);
  return null;
}
