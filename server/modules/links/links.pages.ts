/** The friend links' slice of `context.site`: /links, and the back office's link table. */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { adminLinks, linkList } from './links.usecases';

export function linkPages(ctx: AppContext): PageSlice {
  return { links: { list: (cursor) => linkList(ctx, cursor) }, adminSite: { links: pageRead(ctx, adminLinks) } };
}
