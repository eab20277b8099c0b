/**
 * `/topic/{id}` (spec §2): the topic with its author, publish time, IP location, view count,
 * node and tags, its sanitized content, hidden content, like and favorite, the author's and
 * moderators' actions, and the comment section. The loader reads `topic/{id}` in-process, which
 * counts the view (one per visitor per 10 minutes; bots not counted).
 */
import { useMemo, useState } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import { TOPIC_TYPES } from '../../common/constants';
import { firstComments } from '~/components/comment/comment-data.server';
import { Byline } from '~/components/content/byline';
import { itemPageMeta, metaContext } from '~/components/content/item-meta';
import { ItemPage } from '~/components/content/item-page';
import { JsonLd, postStructuredData } from '~/components/content/structured-data';
import { AuthorCard } from '~/components/topic/author-card';
import { NodeLink, RecommendBadge, StickyBadge, TagList, TweetBadge } from '~/components/topic/badges';
import { HiddenContent } from '~/components/topic/hidden-content';
import { ImageGrid } from '~/components/topic/image-grid';
import { useRichTextLightbox } from '~/components/lightbox/use-lightbox';
import { originOf, pathId, unwrap } from '~/components/topic/page-data.server';
import { TopicActions } from '~/components/topic/topic-actions';
import type { HiddenContentView, TopicView } from '~/components/topic/types';
import { Card } from '~/components/ui/card';
import { tFor } from '~/lib/i18n';
import { useRootData } from '~/lib/session';
import { commentIdsOf } from '~/components/comment/own-likes';
import { sharedForEveryReader, useViewerItem, type ViewerPartsHandle } from '~/lib/viewer-parts';
import '~/editor/content.css';
import { useT } from '~/lib/use-t';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const id = pathId(params.id, tFor(context.locale)('topic.errors.notFound'));
  // The page's reader is the browser: its address and user agent count the view.
  const topic = unwrap(await context.read(topicActions.detail, { id }));
  const [hiddenResult, comments] = await Promise.all([
    topic.hasHiddenContent ? context.read(topicActions.hiddenContent, { topicId: id }) : null,
    firstComments(context, { entityType: 'topic', entityId: id }),
  ]);
  const hidden: HiddenContentView = hiddenResult ? unwrap(hiddenResult) : { exists: false, show: false, content: '' };
  return { topic, hidden, comments, now: context.site.now(), canonical: `${originOf(context)}/topic/${id}` };
}

type TopicData = Awaited<ReturnType<typeof loader>>;

/**
 * A member served this page from the shared cache gets their own parts of it (liked, favorited,
 * their likes among the first comments, the hidden content if it opens to them) from one small
 * read after load (app/lib/viewer-parts.ts), laid over the shared data: this loader does not run
 * again for them, and no second view is counted.
 */
export const handle: ViewerPartsHandle = {
  viewerItem: (data) => {
    const { topic, comments } = data as TopicData;
    return { itemType: 'topic', itemId: topic.id, comments: commentIdsOf(comments.results), hidden: topic.hasHiddenContent };
  },
};
export const shouldRevalidate = sharedForEveryReader;

/** A tweet has no title: its first words stand in (page title, headings). */
function headline(topic: TopicView, max = 60): string {
  if (topic.title) return topic.title;
  const text = topic.summary.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { t } = metaContext(matches);
  const title = (topic: TopicView) => headline(topic) || t('topicUi.detail.tweetBy', { name: topic.user?.nickname ?? '' });
  return itemPageMeta(matches, data && { item: { ...data.topic, title: title(data.topic) }, canonical: data.canonical, image: data.topic.imageList[0]?.url });
};

export default function TopicPage() {
  const data = useLoaderData<typeof loader>();
  const { topic, comments, now, canonical } = data;
  const own = useViewerItem(data);
  const hidden = own?.hidden ?? data.hidden;
  // The reader's flags, laid over the shared topic until the loader runs for them (one object per answer: the bar resets once).
  const reacted = useMemo(() => (own ? { ...topic, liked: own.liked, favorited: own.favorited } : topic), [topic, own]);
  const t = useT();
  const { user } = useRootData();
  const tweet = topic.type === TOPIC_TYPES.tweet;
  const [flags, setFlags] = useState({ id: topic.id, sticky: topic.sticky, recommend: topic.recommend, source: topic });
  const current = flags.source === topic ? flags : { id: topic.id, sticky: topic.sticky, recommend: topic.recommend, source: topic };
  const author = topic.user;
  const origin = new URL(canonical).origin;
  const structured = postStructuredData({
    kind: 'topic',
    item: { ...topic, title: headline(topic) || t('topicUi.detail.tweetBy', { name: author?.nickname ?? '' }) },
    canonical,
    image: topic.imageList[0]?.url,
    home: t('seo.breadcrumb.home'),
    trail: topic.node ? [{ name: topic.node.name, url: `${origin}/topics/node/${topic.node.id}` }] : [],
  });
  const { ref: contentRef, viewer: contentViewer } = useRichTextLightbox(topic.content ?? '');

  return (
    <ItemPage kind="topic" item={topic} comments={comments} ownLikes={own?.likedComments} now={now} aside={author && <AuthorCard user={author} />}>
      <JsonLd data={structured} />
      <Card className="px-5 py-6 sm:px-8 sm:py-8">
        <article aria-labelledby="topic-title" data-testid="topic-detail">
          <header>
            {(current.sticky || current.recommend || topic.node || tweet) && (
              <div className="mb-3 flex flex-wrap items-center gap-2">
                {topic.node && <NodeLink node={topic.node} />}
                {current.sticky && <StickyBadge />}
                {current.recommend && <RecommendBadge />}
                {tweet && <TweetBadge />}
              </div>
            )}
            {tweet ? (
              <h1 id="topic-title" className="sr-only">
                {t('topicUi.detail.tweetBy', { name: author?.nickname ?? '' })}
              </h1>
            ) : (
              <h1 id="topic-title" className="text-2xl leading-tight font-bold tracking-tight break-words text-zinc-900 sm:text-[1.75rem] dark:text-zinc-50" data-testid="topic-title">
                {topic.title}
              </h1>
            )}
            <Byline author={author} createTime={topic.createTime} ipLocation={topic.ipLocation} viewCount={topic.viewCount} className={tweet ? '' : 'mt-4'} />
          </header>

          {/* The ONLY raw HTML of the page: content_html, sanitized by the server's allow-list on write. */}
          <div className={`rich-text mt-6 max-w-[72ch] text-base ${tweet ? 'text-[1.0625rem]' : ''}`} ref={contentRef} data-testid="topic-content" data-quote-author={author?.nickname} dangerouslySetInnerHTML={{ __html: topic.content ?? '' }} />
          {contentViewer}
          {tweet && <ImageGrid images={topic.imageList} className="mt-4" large />}
          <HiddenContent hidden={hidden} signedIn={user !== null} />
          <TagList tags={topic.tags} className="mt-6" />

          <footer className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <TopicActions topic={reacted} user={user} onStateChange={(f) => setFlags({ ...f, id: topic.id, source: topic })} />
          </footer>
        </article>
      </Card>
    </ItemPage>
  );
}
