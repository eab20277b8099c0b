/**
 * The articles' slice of `context.site` (common/load-context.ts `ArticlePageServices`): the
 * article pages' feeds, detail and edit fields, a profile's articles, the sidebars' tags and
 * latest articles, through the same use cases as the JSON routes. A refused read comes back as a
 * value (`attemptForPage`); with the module off that is the spec's 403.
 */
import type { AppContext } from '../../context';
import { attemptForPage, pageCaller, pageRead, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { articleDetail, articleFeed, articleForEdit, articleTags, latestArticles, userArticles } from './articles.usecases';

export function articlePages(ctx: AppContext): PageSlice {
  return {
    articles: {
      detail: (viewer, id, visit) => attemptForPage(viewer, () => articleDetail(ctx, pageCaller(ctx, viewer, visit), id, { countView: visit !== undefined })),
      forEdit: pageRead(ctx, articleForEdit),
      feed: pageRead(ctx, articleFeed),
      tagFeed: pageRead(ctx, articleFeed),
      userArticles: pageRead(ctx, userArticles),
      tags: (limit) => articleTags(ctx, limit),
      latest: (viewer, limit) => latestArticles(ctx, pageViewerContext(ctx, viewer), limit),
    },
  };
}
