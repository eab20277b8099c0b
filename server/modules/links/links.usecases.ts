/**
 * The friend-link use cases, one function per action (links.actions.ts declares who may call
 * each): `link/list` and /links (anyone), the back office's table and writes (admins). The logo
 * must be an image this site stores (uploaded with the upload checks).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { linkActions } from '../../../common/actions/links';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { LinkInput } from '../../../common/validation/site-admin';
import type { LinkView } from '../../../common/views/links';
import type { OffsetPage } from '../../../common/views/moderation';
import type { Page } from '../../../common/views/page';
import type { AppContext } from '../../context';
import type { LinkRow } from '../../db/schema';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf } from '../../kernel/caller';
import { uploadedImageOrRefuse } from '../uploads/uploads.api';
import { createLink, editLink, linksPage, linksTable, orderLink, removeLink } from './links.service';

type Input<K extends keyof typeof linkActions> = ParsedInputOf<(typeof linkActions)[K]>;

/** Links a page of `link/list` holds (the /links page shows them all, a page at a time). */
export const LINKS_PAGE_SIZE = 50;

function presentLink(row: LinkRow): LinkView {
  return { id: row.id, title: row.title, url: row.url, summary: row.summary, logo: row.logo };
}

/** GET link/list: friend links in display order, keyset paged. */
export async function linkList({ db, input }: ReadCall<Input<'list'>, undefined>): Promise<Page<LinkView>> {
  const page = await linksPage(db, input.cursor, LINKS_PAGE_SIZE);
  return { ...page, results: page.results.map(presentLink) };
}

/** GET admin/links: a numbered page in display order. */
export async function adminLinks({ db, input }: ReadCall<Input<'table'>, undefined>): Promise<OffsetPage<LinkView>> {
  const { page } = input;
  const { rows, total } = await linksTable(db, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map(presentLink), total, page, pageSize: ADMIN_PAGE_SIZE };
}

async function valuesOf(ctx: AppContext, input: LinkInput) {
  const logo = await uploadedImageOrRefuse(ctx, input.logo, 'logo', 'adminSite.validation.logoInvalid');
  return { title: input.title, url: input.url, summary: input.summary, logo };
}

/** POST admin/link/create: last in the order. */
export async function createLinkAsAdmin({ ctx, scope, caller, input }: WriteCall<Input<'create'>, undefined>): Promise<LinkView> {
  return presentLink(await createLink(scope, actorOf(caller), await valuesOf(ctx, input)));
}

/** POST admin/link/update. */
export async function updateLinkAsAdmin({ ctx, scope, caller, input }: WriteCall<Input<'update'>, undefined>): Promise<LinkView> {
  return presentLink(await editLink(scope, actorOf(caller), input.id, await valuesOf(ctx, input)));
}

/** POST admin/link/order: one step up or down. */
export async function orderLinkAsAdmin({ scope, caller, input }: WriteCall<Input<'order'>, undefined>): Promise<null> {
  await orderLink(scope, actorOf(caller), input);
  return null;
}

/** POST admin/link/delete. */
export async function deleteLinkAsAdmin({ scope, caller, input }: WriteCall<Input<'delete'>, undefined>): Promise<null> {
  await removeLink(scope, actorOf(caller), input.id);
  return null;
}
