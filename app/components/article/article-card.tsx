/**
 * One entry of an article feed: author and time, title, summary, tags and counts, with the cover
 * as a thumbnail (or, for the feed's lead entry, across the card). Titles and summaries are plain
 * text rendered by React (escaped): never HTML.
 */
import { Link } from 'react-router';
import { CONTENT_STATUS } from '../../../common/constants';
import { RecommendBadge, TagList, TopicStats } from '~/components/topic/badges';
import { FeedAuthor, FeedAvatar } from '~/components/topic/feed-author';
import { TopicTime } from '~/components/topic/time';
import { BlockedCollapse } from '~/components/safety/blocked-collapse';
import { useT } from '~/lib/use-t';
import { CoverImage } from './cover-image';
import { ARTICLE_TAG_BASE, articlePath, type FeedArticle } from './types';

function PendingBadge() {
  const t = useT();
  return <span className="tp-badge bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t('articleUi.item.pending')}</span>;
}

/** "Article": in a list of several kinds (the following feed), says what the entry opens. */
function ArticleBadge() {
  const t = useT();
  return (
    <span className="tp-badge bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200" data-testid="article-badge">
      {t('follow.feed.article')}
    </span>
  );
}

/** An entry's head line: the author (with a small avatar where none sits beside the entry), the time and the badges. */
function ArticleHead({ article, kindBadge = false, inlineAvatar = false }: { article: FeedArticle; kindBadge?: boolean; inlineAvatar?: boolean }) {
  return (
    <div className="tp-item-head">
      <FeedAuthor user={article.user} inlineAvatar={inlineAvatar} />
      <span aria-hidden="true" className="tp-dot">
        ·
      </span>
      <TopicTime time={article.createTime} className="tp-item-time" />
      <span className="ml-auto flex items-center gap-1.5">
        {article.status === CONTENT_STATUS.pending && <PendingBadge />}
        {article.recommend && <RecommendBadge />}
        {kindBadge && <ArticleBadge />}
      </span>
    </div>
  );
}

/** An entry's title (naming the entry for assistive technology), summary, tags and counts. */
function ArticleText({ article, titleId }: { article: FeedArticle; titleId: string }) {
  return (
    <>
      <h2 className="tp-item-title" id={titleId}>
        <Link to={articlePath(article.id)}>{article.title}</Link>
      </h2>
      {article.summary && <p className="tp-item-summary">{article.summary}</p>}
      <div className="tp-item-foot">
        <TagList tags={article.tags} base={ARTICLE_TAG_BASE} />
        <TopicStats viewCount={article.viewCount} commentCount={article.commentCount} likeCount={article.likeCount} className="ml-auto" />
      </div>
    </>
  );
}

/** `kindBadge`: the entry sits among other kinds' entries, and says it is an article. */
export function ArticleCard(props: { article: FeedArticle; featured?: boolean; kindBadge?: boolean; row?: boolean }) {
  // Collapsed for a reader who blocked its author (issue 28).
  return (
    <BlockedCollapse author={props.article.user} className="my-2">
      {props.row ? <ArticleRow article={props.article} /> : <ArticleEntry {...props} />}
    </BlockedCollapse>
  );
}

/**
 * An article among topics (the Following feed): laid out as a topic row is — the 40 px avatar
 * beside it, the badges in the head line, the counts at the foot's end — with its kind badge.
 */
function ArticleRow({ article }: { article: FeedArticle }) {
  const titleId = `article-${article.id}-title`;
  return (
    <article className="tp-item" data-testid="article-item" data-article-id={article.id} aria-labelledby={titleId}>
      <FeedAvatar user={article.user} />
      <div className="min-w-0 flex-1">
        <ArticleHead article={article} kindBadge />
        <ArticleText article={article} titleId={titleId} />
      </div>
    </article>
  );
}

function ArticleEntry({ article, featured = false, kindBadge = false }: { article: FeedArticle; featured?: boolean; kindBadge?: boolean }) {
  const titleId = `article-${article.id}-title`;
  return (
    <article className={featured ? 'ar-item ar-item-featured' : 'ar-item'} data-testid="article-item" data-article-id={article.id} aria-labelledby={titleId}>
      {article.cover && <CoverImage cover={article.cover} eager={featured} />}
      <div className="ar-item-body">
        <ArticleHead article={article} kindBadge={kindBadge} inlineAvatar />
        <ArticleText article={article} titleId={titleId} />
      </div>
    </article>
  );
}
