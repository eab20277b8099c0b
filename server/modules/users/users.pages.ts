/** The members' slice of `context.site`: the public profile page (`/user/{id}`). */
import type { AppContext } from '../../context';
import { attemptForPage, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { publicProfile } from './users.usecases';

export function userPages(ctx: AppContext): PageSlice {
  return { people: { profile: (viewer, id) => attemptForPage(viewer, () => publicProfile(ctx, pageViewerContext(ctx, viewer), id)) } };
}
