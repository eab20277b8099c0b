/**
 * The article shapes the pages receive (API.md "Articles"): common/views, which the server's
 * presenters fill too, so loaders (in-process, through `context.site.articles`) and the JSON API
 * agree.
 */
import type { ArticleCover, ArticleEditView, ArticleView } from '../../../common/views/article';
import type { PublicUser } from '../../../common/views/user';
import type { TagView } from '../../../common/views/tag';
import type { FeedSource, KeysetPage } from '~/components/content/keyset-feed';

export type { ArticleCover, ArticleEditView, ArticleView };

/**
 * What a feed entry shows (ArticleCard), and all a list page's loader sends of each article: the
 * author as a link, no content, no reader state. "Load more" appends the API's full
 * ArticleViews, which fit it as they are.
 */
export type FeedArticle = Pick<ArticleView, 'id' | 'title' | 'summary' | 'cover' | 'tags' | 'status' | 'recommend' | 'createTime' | 'viewCount' | 'commentCount' | 'likeCount'> & {
  user: Pick<PublicUser, 'id' | 'nickname' | 'avatar' | 'smallAvatar'> | null;
};

export type ArticlePage = KeysetPage<FeedArticle>;

export function articlePath(id: number): string {
  return `/article/${id}`;
}

/** Where an article tag's feed is (a tag is shared with topics; each kind lists its own). */
export const ARTICLE_TAG_BASE = '/articles/tag';

export interface ArticleFeedData {
  page: ArticlePage;
  source: FeedSource;
  /** The tag of a tag feed; null on /articles. */
  tag: TagView | null;
  /** The side column's most used tags. */
  tags: TagView[];
  /** The server's render time (stable relative times through hydration). */
  now: number;
  canonical: string;
}
