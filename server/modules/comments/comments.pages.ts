/** The comments' slice of `context.site`: the comment section under an item, and a member's comments on their profile. */
import type { AppContext } from '../../context';
import { attemptForPage, pageRead, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { commentList, userComments } from './comments.usecases';

export function commentPages(ctx: AppContext): PageSlice {
  return {
    interactions: { comments: (viewer, params) => attemptForPage(viewer, () => commentList(ctx, pageViewerContext(ctx, viewer), params)) },
    people: { comments: pageRead(ctx, userComments) },
  };
}
