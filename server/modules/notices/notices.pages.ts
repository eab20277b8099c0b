/** The site notices' slice of `context.site`: the home page's notices, and the back office's notice table. */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { adminNotices, noticeList } from './notices.usecases';

export function noticePages(ctx: AppContext): PageSlice {
  return { notices: { current: () => noticeList(ctx) }, adminSite: { notices: pageRead(ctx, adminNotices) } };
}
