/**
 * Loader helpers of the article pages (server only). They read the articles' declared actions
 * (`context.read`, DESIGN convention 11); a refused read (the module off: 403 'Article feature is
 * not enabled'; an unknown article or tag: 404) becomes the error page with the service's own
 * message.
 */
import { data, type AppLoadContext } from 'react-router';
import { tagActions } from '../../../common/actions/tags';
import { articleActions } from '../../../common/actions/articles';
import type { Page } from '../../../common/views/page';
import type { TagView } from '../../../common/views/tag';
import { feedSource } from '~/components/content/feed-source';
import { originOf, unwrap } from '~/components/topic/page-data.server';
import type { ArticleFeedData, ArticlePage, ArticleView, FeedArticle } from './types';

/** Tags in the /articles side column. */
const ASIDE_TAGS = 16;

/** A feed entry as the list pages' loaders send it: only what ArticleCard shows. */
export function feedArticle(article: ArticleView): FeedArticle {
  const { id, title, summary, cover, tags, status, recommend, createTime, viewCount, commentCount, likeCount, user } = article;
  return {
    id,
    title,
    summary,
    cover,
    tags,
    status,
    recommend,
    createTime,
    viewCount,
    commentCount,
    likeCount,
    user: user && { id: user.id, nickname: user.nickname, avatar: user.avatar, smallAvatar: user.smallAvatar },
  };
}

export function articleFeedPage(page: Page<ArticleView>): ArticlePage {
  return { results: page.results.map(feedArticle), cursor: page.cursor, hasMore: page.hasMore };
}

/** The most used tags of the side column (none while the module is off). */
async function asideTags(context: AppLoadContext): Promise<TagView[]> {
  return unwrap(await context.read(articleActions.tags, { limit: ASIDE_TAGS }));
}

/** `/articles`: the latest articles and the most used tags. */
export async function loadArticleFeed(context: AppLoadContext): Promise<ArticleFeedData> {
  const [result, tags] = await Promise.all([context.read(articleActions.feed, {}), asideTags(context)]);
  return {
    page: articleFeedPage(unwrap(result)),
    source: feedSource(articleActions.feed),
    tag: null,
    tags,
    now: context.site.now(),
    canonical: `${originOf(context)}/articles`,
  };
}

/** `/articles/tag/{id}`: the feed answers first (403 with the module off, 404 for an unknown tag). */
export async function loadArticleTagFeed(context: AppLoadContext, tagId: number, notFound: string): Promise<ArticleFeedData> {
  const [result, tag, tags] = await Promise.all([context.read(articleActions.tagFeed, { tagId }), context.read(tagActions.get, { id: tagId }), asideTags(context)]);
  const page = articleFeedPage(unwrap(result));
  // The feed knew the tag; a tag gone between the two reads is as unknown.
  if (!tag.ok) throw data(notFound, { status: 404 });
  return {
    page,
    source: feedSource(articleActions.tagFeed, { tagId }),
    tag: tag.data,
    tags,
    now: context.site.now(),
    canonical: `${originOf(context)}/articles/tag/${tagId}`,
  };
}
