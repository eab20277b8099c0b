/**
 * Friend links (issue 17, spec §2 /links): title, an http(s) address, a plain-text summary and
 * an uploaded logo, in the order the admin sets. Writes run inside the write's transaction and
 * record `site.catalogChanged` (its handlers: the audit row, the /links page dropped).
 */
import type { Kysely } from 'kysely';
import type { OrderInput } from '../../../common/validation/site-admin';
import type { DB, LinkRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { movedOrder, nextSortNo, renumbered } from '../../kernel/ordering';
import { decodePairCursor, encodeCursor, type Page } from '../../kernel/paging';
import { countLinks, deleteLink, findLinkById, findLinksAfter, findLinksPage, insertLink, lockLinkOrder, setLinkSortNo, updateLink, type LinkValues } from './links.repository';

/** Links in display order, keyset paged. */
export async function linksPage(db: Kysely<DB>, cursor: string | undefined, limit: number): Promise<Page<LinkRow>> {
  const after = decodePairCursor(cursor);
  const rows = await findLinksAfter(db, after ? { sortNo: after[0], id: after[1] } : null, limit + 1);
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { results, hasMore: rows.length > limit, cursor: last ? encodeCursor([last.sort_no, last.id]) : (cursor ?? '') };
}

/** One offset page for the back office, and how many links there are. */
export async function linksTable(db: Kysely<DB>, offset: number, limit: number): Promise<{ rows: LinkRow[]; total: number }> {
  const [rows, total] = await Promise.all([findLinksPage(db, offset, limit), countLinks(db)]);
  return { rows, total };
}

async function linkOrRefuse(db: Kysely<DB>, id: number): Promise<LinkRow> {
  const link = await findLinkById(db, id);
  if (!link) throw errors.notFound('adminSite.errors.linkNotFound');
  return link;
}

export async function createLink(scope: WriteScope, actor: Actor, values: LinkValues): Promise<LinkRow> {
  const sortNo = nextSortNo(await lockLinkOrder(scope.db));
  const id = await insertLink(scope.db, values, sortNo, scope.now);
  await scope.emit('site.catalogChanged', { what: 'link', id, action: 'create', detail: { title: values.title, url: values.url }, actor });
  return { id, ...values, sort_no: sortNo, create_time: scope.now, update_time: scope.now };
}

export async function editLink(scope: WriteScope, actor: Actor, id: number, values: LinkValues): Promise<LinkRow> {
  const link = await linkOrRefuse(scope.db, id);
  await updateLink(scope.db, id, values, scope.now);
  await scope.emit('site.catalogChanged', { what: 'link', id, action: 'update', detail: { title: values.title, url: values.url }, actor });
  return { ...link, ...values, update_time: scope.now };
}

/** Moves a link one step; the first up or the last down stays (nothing recorded). */
export async function orderLink(scope: WriteScope, actor: Actor, input: OrderInput): Promise<void> {
  const rows = await lockLinkOrder(scope.db);
  if (!rows.some((row) => row.id === input.id)) throw errors.notFound('adminSite.errors.linkNotFound');
  const order = movedOrder(
    rows.map((row) => row.id),
    input.id,
    input.direction,
  );
  if (!order) return;
  for (const { id, sortNo } of renumbered(rows, order)) await setLinkSortNo(scope.db, id, sortNo, scope.now);
  await scope.emit('site.catalogChanged', { what: 'link', id: input.id, action: 'order', detail: { direction: input.direction }, actor });
}

export async function removeLink(scope: WriteScope, actor: Actor, id: number): Promise<void> {
  const link = await linkOrRefuse(scope.db, id);
  await deleteLink(scope.db, id);
  await scope.emit('site.catalogChanged', { what: 'link', id, action: 'delete', detail: { title: link.title, url: link.url }, actor });
}
