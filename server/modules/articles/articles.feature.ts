/**
 * Articles: long-form posts with a cover and tags, one more post kind of the publishing core.
 * The kind (comments, likes, favorites, messages, views and page tags come with it), the declared
 * actions (the API's routes and the pages' reads), and the article feeds' cache kept in step with
 * the facts that move an article in or within a feed. Member and tag counts are the users and
 * tags features' handlers of `content.placementChanged`.
 */
import type { ArticleRow } from '../../db/schema';
import type { Feature } from '../../kernel/feature';
import { dropFeedsOf } from '../../kernel/feed-cache';
import { dropPages, LIST_PAGES, pageTag } from '../../kernel/page-tags';
import { followBans, followErasure } from '../publishing/publishing.api';
import { articlesActionList } from './articles.actions';
import { articleHead, articleKind } from './articles.kind';

export const articlesFeature: Feature = {
  name: 'articles',
  actions: articlesActionList,
  setup(ctx) {
    ctx.kinds.register(articleKind(ctx));
    const dropFeeds = dropFeedsOf(ctx, 'articles', 'article');
    ctx.events.onCommit('article.created', 'articles', dropFeeds);
    ctx.events.onCommit('article.edited', 'articles', dropFeeds);
    // A new article enters the lists; an edited one changes its own page and the lists.
    ctx.events.onCommit('article.created', 'articles', (_event, app) => dropPages(app, [LIST_PAGES]));
    ctx.events.onCommit('article.edited', 'articles', ({ id }, app) => dropPages(app, [pageTag('article', id), LIST_PAGES], { forget: true }));
    // Articles show their tags: a tag renamed, merged or deleted in the back office moves them.
    ctx.events.onCommit('site.catalogChanged', 'articles', ({ what }, app) => {
      if (what === 'tag') dropFeeds(null, app);
    });
    // A forever ban may hide the member's articles; lifting it shows them again.
    followBans(ctx, 'articles', 'articles', (row) => ({ kind: 'article', table: 'articles', row, head: articleHead(row as ArticleRow) }));
    // An erased member's posts (issue 29): removed or kept as the site's setting says; their IP records cleared.
    followErasure(ctx, 'articles', 'articles', (row) => ({ kind: 'article', table: 'articles', row, head: articleHead(row as ArticleRow) }));
  },
};
