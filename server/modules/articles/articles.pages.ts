/**
 * The articles' slice of `context.site` (common/load-context.ts `ArticlePageServices`).
 * Placeholder until the article use cases land: feeds are empty and an article is not found, so
 * the app starts and the pages can be built against the declared shapes.
 */
import type { AppContext } from '../../context';
import { EMPTY_PAGE } from '../../kernel/paging';
import { attemptForPage, type PageSlice } from '../../kernel/pages';
import { errors } from '../../http/errors';

export function articlePages(_ctx: AppContext): PageSlice {
  const empty = () => Promise.resolve({ ok: true as const, data: EMPTY_PAGE });
  return {
    articles: {
      feed: empty,
      tagFeed: empty,
      userArticles: empty,
      detail: (viewer) => attemptForPage(viewer, () => Promise.reject(errors.notFound('article.errors.notFound'))),
      forEdit: (viewer) => attemptForPage(viewer, () => Promise.reject(errors.notFound('article.errors.notFound'))),
      tags: () => Promise.resolve([]),
      latest: () => Promise.resolve([]),
    },
  };
}
