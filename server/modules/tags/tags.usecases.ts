/** The tag use cases, as the JSON routes (`tag/{id}`) and the page loaders (tag pages) read them. */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { TagMergeInput, TagQuery, TagRenameInput } from '../../../common/validation/site-admin';
import type { OffsetPage } from '../../../common/views/moderation';
import type { TagView } from '../../../common/views/tag';
import { requireDb, type AppContext } from '../../context';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Actor } from '../../kernel/events';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { mergeTags, removeTag, renameTag } from './tags.admin';
import { countAdminTags, findAdminTagsPage } from './tags.repository';
import { presentTag } from './tags.presenter';
import { findPublicTag } from './tags.service';

/** A public tag, or null. */
export async function publicTag(ctx: AppContext, id: number): Promise<TagView | null> {
  const tag = await findPublicTag(requireDb(ctx), id);
  return tag ? presentTag(tag) : null;
}

// The back office (issue 17): admins only.

function actorOf(caller: Caller): Actor {
  authorize(caller.viewer, 'site:manage');
  return { id: caller.viewer.id, moderator: true, ip: caller.origin.ip };
}

/** GET admin/tags: active tags (used or not) whose names contain `q`, most used first, a numbered page. */
export async function adminTags(ctx: AppContext, viewer: ViewerContext, query: TagQuery): Promise<OffsetPage<TagView>> {
  authorize(viewer.viewer, 'site:manage');
  const db = requireDb(ctx);
  const q = query.q || undefined;
  const offset = (query.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findAdminTagsPage(db, q, offset, ADMIN_PAGE_SIZE), countAdminTags(db, q)]);
  return { results: rows.map(presentTag), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

export async function renameTagAsAdmin(ctx: AppContext, caller: Caller, input: TagRenameInput): Promise<TagView> {
  const actor = actorOf(caller);
  return presentTag(await runWrite(ctx, (scope) => renameTag(scope, actor, input)));
}

export async function mergeTagsAsAdmin(ctx: AppContext, caller: Caller, input: TagMergeInput): Promise<TagView> {
  const actor = actorOf(caller);
  return presentTag(await runWrite(ctx, (scope) => mergeTags(scope, actor, input)));
}

export async function deleteTagAsAdmin(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => removeTag(scope, actor, id));
}
