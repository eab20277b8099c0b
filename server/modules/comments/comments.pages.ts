/** The comments' slice of `context.site`: the comment section under an item. */
import type { AppContext } from '../../context';
import { attemptForPage, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { commentList } from './comments.usecases';

export function commentPages(ctx: AppContext): PageSlice {
  return { interactions: { comments: (viewer, params) => attemptForPage(viewer, () => commentList(ctx, pageViewerContext(ctx, viewer), params)) } };
}
