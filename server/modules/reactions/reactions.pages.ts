/** The reactions' slice of `context.site`: the reader's favorites (`/user/favorites`). */
import type { AppContext } from '../../context';
import { attemptForPage, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { favoriteList } from './reactions.usecases';

export function reactionPages(ctx: AppContext): PageSlice {
  return { interactions: { favorites: (viewer, params) => attemptForPage(viewer, () => favoriteList(ctx, pageViewerContext(ctx, viewer), params)) } };
}
