/**
 * One entry of an article feed: author and time, title, summary, tags and counts, with the cover
 * as a thumbnail (or, for the feed's lead entry, across the card). Titles and summaries are plain
 * text rendered by React (escaped): never HTML.
 */
import { Link } from 'react-router';
import { CONTENT_STATUS } from '../../../common/constants';
import { RecommendBadge, TagList, TopicStats } from '~/components/topic/badges';
import { TopicTime } from '~/components/topic/time';
import { Avatar } from '~/components/user/avatar';
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
  const t = useT();
  const author = article.user;
  const titleId = `article-${article.id}-title`;
  return (
    <article className="tp-item" data-testid="article-item" data-article-id={article.id} aria-labelledby={titleId}>
      {author ? (
        <Link to={`/user/${author.id}`} className="tp-item-avatar" tabIndex={-1} aria-hidden="true">
          <Avatar user={author} size={40} />
        </Link>
      ) : (
        <span className="size-10 shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <div className="tp-item-head">
          {author ? (
            <Link to={`/user/${author.id}`} className="tp-item-author">
              {author.nickname}
            </Link>
          ) : (
            <span className="text-zinc-500">{t('topicUi.item.unknownUser')}</span>
          )}
          <span aria-hidden="true" className="tp-dot">
            ·
          </span>
          <TopicTime time={article.createTime} className="tp-item-time" />
          <span className="ml-auto flex items-center gap-1.5">
            {article.status === CONTENT_STATUS.pending && <PendingBadge />}
            {article.recommend && <RecommendBadge />}
            <ArticleBadge />
          </span>
        </div>
        <h2 className="tp-item-title" id={titleId}>
          <Link to={articlePath(article.id)}>{article.title}</Link>
        </h2>
        {article.summary && <p className="tp-item-summary">{article.summary}</p>}
        <div className="tp-item-foot">
          <TagList tags={article.tags} base={ARTICLE_TAG_BASE} />
          <TopicStats viewCount={article.viewCount} commentCount={article.commentCount} likeCount={article.likeCount} className="ml-auto" />
        </div>
      </div>
    </article>
  );
}

function ArticleEntry({ article, featured = false, kindBadge = false }: { article: FeedArticle; featured?: boolean; kindBadge?: boolean }) {
  const t = useT();
  const author = article.user;
  const titleId = `article-${article.id}-title`;
  return (
    <article className={featured ? 'ar-item ar-item-featured' : 'ar-item'} data-testid="article-item" data-article-id={article.id} aria-labelledby={titleId}>
      {article.cover && <CoverImage cover={article.cover} eager={featured} />}
      <div className="ar-item-body">
        <div className="tp-item-head">
          {author ? (
            <Link to={`/user/${author.id}`} className="tp-item-author inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-flex">
                <Avatar user={author} size={20} />
              </span>
              {author.nickname}
            </Link>
          ) : (
            <span className="text-zinc-500">{t('topicUi.item.unknownUser')}</span>
          )}
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
        <h2 className="tp-item-title" id={titleId}>
          <Link to={articlePath(article.id)}>{article.title}</Link>
        </h2>
        {article.summary && <p className="tp-item-summary">{article.summary}</p>}
        <div className="tp-item-foot">
          <TagList tags={article.tags} base={ARTICLE_TAG_BASE} />
          <TopicStats viewCount={article.viewCount} commentCount={article.commentCount} likeCount={article.likeCount} className="ml-auto" />
        </div>
      </div>
    </article>
  );
}
