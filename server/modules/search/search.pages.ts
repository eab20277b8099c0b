/**
 * The search's slice of `context.site` (common/load-context.ts `SearchPageServices`): the /search
 * page's tabs through the same use cases as the JSON routes, rate-limited by the visitor's
 * address; a refused search (too long, too many) comes back as a value the page shows.
 */
import type { AppContext } from '../../context';
import { attemptForPage, pageCaller, type PageSlice } from '../../kernel/pages';
import { articlesSearchable, searchArticlesCase, searchTopicsCase, searchUsersCase } from './search.usecases';

export function searchPages(ctx: AppContext): PageSlice {
  return {
    search: {
      topics: (viewer, query, visit) => attemptForPage(viewer, () => searchTopicsCase(ctx, pageCaller(ctx, viewer, visit), query)),
      articles: (viewer, query, visit) => attemptForPage(viewer, () => searchArticlesCase(ctx, pageCaller(ctx, viewer, visit), query)),
      users: (viewer, query, visit) => attemptForPage(viewer, () => searchUsersCase(ctx, pageCaller(ctx, viewer, visit), query)),
      articlesOn: () => articlesSearchable(ctx),
    },
  };
}
