/**
 * The friend-link use cases: `link/list` and /links (anyone), and the back office's table and
 * writes (admins). The logo must be an image this site stores (uploaded with the upload checks).
 */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { LinkInput, LinkUpdateInput, OrderInput } from '../../../common/validation/site-admin';
import type { LinkView } from '../../../common/views/links';
import type { OffsetPage } from '../../../common/views/moderation';
import type { Page } from '../../../common/views/page';
import { requireDb, type AppContext } from '../../context';
import type { LinkRow } from '../../db/schema';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Actor } from '../../kernel/events';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { uploadedImageOrRefuse } from '../uploads/uploads.api';
import { createLink, editLink, linksPage, linksTable, orderLink, removeLink } from './links.service';

/** Links a page of `link/list` holds (the /links page shows them all, a page at a time). */
export const LINKS_PAGE_SIZE = 50;

export function presentLink(row: LinkRow): LinkView {
  return { id: row.id, title: row.title, url: row.url, summary: row.summary, logo: row.logo };
}

/** GET link/list: friend links in display order, keyset paged. */
export async function linkList(ctx: AppContext, cursor?: string): Promise<Page<LinkView>> {
  const page = await linksPage(requireDb(ctx), cursor, LINKS_PAGE_SIZE);
  return { ...page, results: page.results.map(presentLink) };
}

function actorOf(caller: Caller): Actor {
  authorize(caller.viewer, 'site:manage');
  return { id: caller.viewer.id, moderator: true, ip: caller.origin.ip };
}

/** GET admin/links: a numbered page in display order. */
export async function adminLinks(ctx: AppContext, viewer: ViewerContext, page: number): Promise<OffsetPage<LinkView>> {
  authorize(viewer.viewer, 'site:manage');
  const { rows, total } = await linksTable(requireDb(ctx), (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map(presentLink), total, page, pageSize: ADMIN_PAGE_SIZE };
}

async function valuesOf(ctx: AppContext, input: LinkInput) {
  const logo = await uploadedImageOrRefuse(ctx, input.logo, 'logo', 'adminSite.validation.logoInvalid');
  return { title: input.title, url: input.url, summary: input.summary, logo };
}

export async function createLinkAsAdmin(ctx: AppContext, caller: Caller, input: LinkInput): Promise<LinkView> {
  const actor = actorOf(caller);
  const values = await valuesOf(ctx, input);
  return presentLink(await runWrite(ctx, (scope) => createLink(scope, actor, values)));
}

export async function updateLinkAsAdmin(ctx: AppContext, caller: Caller, input: LinkUpdateInput): Promise<LinkView> {
  const actor = actorOf(caller);
  const values = await valuesOf(ctx, input);
  return presentLink(await runWrite(ctx, (scope) => editLink(scope, actor, input.id, values)));
}

export async function orderLinkAsAdmin(ctx: AppContext, caller: Caller, input: OrderInput): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => orderLink(scope, actor, input));
}

export async function deleteLinkAsAdmin(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => removeLink(scope, actor, id));
}
