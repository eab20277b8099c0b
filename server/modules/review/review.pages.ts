/** The review slice of `context.site`: the back office's review queue and content table. */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { contentList, reviewList } from './review.usecases';

export function reviewPages(ctx: AppContext): PageSlice {
  return { admin: { reviewQueue: pageRead(ctx, reviewList), contentTable: pageRead(ctx, contentList) } };
}
