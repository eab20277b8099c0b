/**
 * The back office's tag writes (issue 17), inside the write's transaction: rename, merge, delete.
 * Both tags of a merge are locked first, in id order, as post writes lock them, so a post tagged
 * meanwhile waits and is counted once. A merge re-points `from`'s links at `into` for every
 * tagged kind without ever linking an item twice, then counts `into` again from its links (exact
 * whatever overlapped), and `from` goes. Tag names stay unique regardless of case.
 */
import type { TagMergeInput, TagRenameInput } from '../../../common/validation/site-admin';
import type { TagRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { deleteAllTagLinks, deleteTagRow, findTagsByNames, lockTags, moveTagLinks, recountTag, renameTagRow, type TaggedKind } from './tags.repository';

const KINDS: readonly TaggedKind[] = ['topic', 'article'];

/** 409 naming the field: the name belongs to another tag (merge into it instead). */
function nameTaken(name: string): AppError {
  const message = { key: 'adminSite.errors.tagExists', params: { name } };
  return new AppError(409, ErrorCode.Conflict, message.key, message.params, { name: message });
}

function tagOrRefuse(rows: readonly TagRow[], id: number): TagRow {
  const tag = rows.find((row) => row.id === id && row.status === 0);
  if (!tag) throw errors.notFound('adminSite.errors.tagNotFound');
  return tag;
}

export async function renameTag(scope: WriteScope, actor: Actor, input: TagRenameInput): Promise<TagRow> {
  const tag = tagOrRefuse(await lockTags(scope.db, [input.id]), input.id);
  if (tag.name === input.name) return tag;
  const taken = (await findTagsByNames(scope.db, [input.name], { latest: true })).find((row) => row.id !== tag.id);
  if (taken) throw nameTaken(taken.name);
  try {
    await renameTagRow(scope.db, tag.id, input.name, scope.now);
  } catch (error) {
    // A tag of that name committed meanwhile.
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  await scope.emit('site.catalogChanged', { what: 'tag', id: tag.id, action: 'rename', detail: { name: input.name, previousName: tag.name }, actor });
  return { ...tag, name: input.name, update_time: scope.now };
}

/** Merges tag `id` into tag `into`; answers `into` with its new counts. */
export async function mergeTags(scope: WriteScope, actor: Actor, input: TagMergeInput): Promise<TagRow> {
  const locked = await lockTags(scope.db, [input.id, input.into]);
  const from = tagOrRefuse(locked, input.id);
  const into = locked.find((row) => row.id === input.into && row.status === 0);
  if (!into) throw errors.validation({ into: 'adminSite.validation.mergeUnknown' });
  for (const kind of KINDS) await moveTagLinks(scope.db, kind, from.id, into.id, scope.now);
  await recountTag(scope.db, into.id, scope.now);
  await deleteTagRow(scope.db, from.id);
  await scope.emit('site.catalogChanged', { what: 'tag', id: from.id, action: 'merge', detail: { name: from.name, into: into.id, intoName: into.name }, actor });
  const [merged] = await lockTags(scope.db, [into.id]);
  return merged!;
}

/** Deletes a tag and every link to it; the items stay, without it. */
export async function removeTag(scope: WriteScope, actor: Actor, id: number): Promise<void> {
  const tag = tagOrRefuse(await lockTags(scope.db, [id]), id);
  await deleteAllTagLinks(scope.db, tag.id);
  await deleteTagRow(scope.db, tag.id);
  await scope.emit('site.catalogChanged', { what: 'tag', id: tag.id, action: 'delete', detail: { name: tag.name }, actor });
}
