/**
 * `/article/{id}` (spec §2): the article — cover, title, author, publish time, IP location, view
 * count, reading time, tags — its sanitized content in a reading column, like and favorite, the
 * author's and moderators' actions, and the comment section exactly as on topics. The loader
 * reads GET article/{id}'s declared action in-process, which counts the view (the browser's
 * address and user agent). Pending articles are seen only by their author and moderators, with
 * the notice; with the module off: 403.
 */
import { useRichTextLightbox } from '~/components/lightbox/use-lightbox';
import { useMemo, useState } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { articleActions } from '../../common/actions/articles';
import { ARTICLE_LIMITS } from '../../common/constants';
import { ArticleActions } from '~/components/article/article-actions';
import { LatestArticles } from '~/components/article/article-aside';
import { CoverImage } from '~/components/article/cover-image';
import { feedArticle } from '~/components/article/data.server';
import { readingMinutes } from '~/components/article/reading-time';
import { ARTICLE_TAG_BASE } from '~/components/article/types';
import { firstComments } from '~/components/comment/comment-data.server';
import { Byline } from '~/components/content/byline';
import { itemPageMeta } from '~/components/content/item-meta';
import { JsonLd, postStructuredData } from '~/components/content/structured-data';
import { ItemPage } from '~/components/content/item-page';
import { AuthorCard } from '~/components/topic/author-card';
import { RecommendBadge, TagList } from '~/components/topic/badges';
import { ClockIcon } from '~/components/ui/icons';
import { originOf, pathId, unwrap } from '~/components/topic/page-data.server';
import { Card } from '~/components/ui/card';
import { tFor } from '~/lib/i18n';
import { useRootData } from '~/lib/session';
import { commentIdsOf } from '~/components/comment/own-likes';
import { sharedForEveryReader, useViewerItem, type ViewerPartsHandle } from '~/lib/viewer-parts';
import '~/editor/content.css';
import { useT } from '~/lib/use-t';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const id = pathId(params.id, tFor(context.locale)('article.errors.notFound'));
  const article = unwrap(await context.read(articleActions.detail, { id }));
  const [comments, latest] = await Promise.all([
    firstComments(context, { entityType: 'article', entityId: id }),
    context.read(articleActions.latest, { limit: ARTICLE_LIMITS.sidebarMax + 1 }).then(unwrap),
  ]);
  return {
    article,
    comments,
    // "Read next": the newest others, not this one.
    latest: latest.filter((other) => other.id !== id).slice(0, ARTICLE_LIMITS.sidebarMax).map(feedArticle),
    minutes: readingMinutes(article.content ?? ''),
    now: context.site.now(),
    canonical: `${originOf(context)}/article/${id}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => itemPageMeta(matches, data && { item: data.article, canonical: data.canonical, image: data.article.cover?.url });

type ArticleData = Awaited<ReturnType<typeof loader>>;

/**
 * A member served this page from the shared cache gets their own parts of it (liked, favorited,
 * their likes among the first comments) from one small read after load
 * (app/lib/viewer-parts.ts), laid over the shared data: this loader does not run again for them.
 */
export const handle: ViewerPartsHandle = {
  viewerItem: (data) => {
    const { article, comments } = data as ArticleData;
    return { itemType: 'article', itemId: article.id, comments: commentIdsOf(comments.results), hidden: false };
  },
};
export const shouldRevalidate = sharedForEveryReader;

export default function ArticlePage() {
  const data = useLoaderData<typeof loader>();
  const { article, comments, latest, minutes, now, canonical } = data;
  const own = useViewerItem(data);
  // The reader's flags, laid over the shared article until the loader runs for them (one object per answer: the bar resets once).
  const reacted = useMemo(() => (own ? { ...article, liked: own.liked, favorited: own.favorited } : article), [article, own]);
  const t = useT();
  const { user } = useRootData();
  // A moderator's recommend shows at once, until the loader brings the article again.
  const [recommended, setRecommended] = useState({ source: article, value: article.recommend });
  const recommend = recommended.source === article ? recommended.value : article.recommend;
  const author = article.user;
  const structured = postStructuredData({
    kind: 'article',
    item: article,
    canonical,
    image: article.cover?.url,
    home: t('seo.breadcrumb.home'),
    trail: [{ name: t('seo.breadcrumb.articles'), url: `${new URL(canonical).origin}/articles` }],
  });
  const { ref: contentRef, viewer: contentViewer } = useRichTextLightbox(article.content ?? '');

  return (
    <ItemPage
      kind="article"
      item={article}
      comments={comments}
      ownLikes={own?.likedComments}
      now={now}
      aside={
        <>
          {author && <AuthorCard user={author} kind="article" />}
          <LatestArticles articles={latest} />
        </>
      }
    >
      <JsonLd data={structured} />
      <Card className="overflow-hidden">
        <article aria-labelledby="article-title" data-testid="article-detail">
          {article.cover && <CoverImage cover={article.cover} alt={t('articleUi.detail.coverAlt', { title: article.title })} eager className="border-b border-zinc-200 dark:border-zinc-800" />}
          <div className="px-5 py-7 sm:px-10 sm:py-10">
            <header className="mx-auto max-w-[42rem]">
              {recommend && (
                <div className="mb-3">
                  <RecommendBadge />
                </div>
              )}
              <h1 id="article-title" className="text-[1.75rem] leading-tight font-bold tracking-tight break-words text-zinc-900 sm:text-4xl sm:leading-[1.15] dark:text-zinc-50" data-testid="article-title">
                {article.title}
              </h1>
              <Byline author={author} createTime={article.createTime} ipLocation={article.ipLocation} viewCount={article.viewCount} className="mt-5">
                <span className="inline-flex items-center gap-1" data-testid="reading-time">
                  <ClockIcon className="size-4" />
                  {t('articleUi.detail.readingTime', { count: minutes })}
                </span>
              </Byline>
            </header>

            {/* The ONLY raw HTML of the page: the content, sanitized by the server's allow-list on write. */}
            <div className="rich-text article-prose mx-auto mt-8 max-w-[42rem]" ref={contentRef} data-testid="article-content" data-quote-author={article.user?.nickname} dangerouslySetInnerHTML={{ __html: article.content ?? '' }} />
            {contentViewer}

            <div className="mx-auto max-w-[42rem]">
              <TagList tags={article.tags} base={ARTICLE_TAG_BASE} className="mt-8" />
              <footer className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
                <ArticleActions article={reacted} user={user} onRecommendChange={(value) => setRecommended({ source: article, value })} />
              </footer>
            </div>
          </div>
        </article>
      </Card>
    </ItemPage>
  );
}
