/**
 * `/topic/{id}` (spec §2): the topic with its author, publish time, IP location, view count,
 * node and tags, its sanitized content, hidden content, like and favorite, the author's and
 * moderators' actions, and the comment section. The loader counts the view (one per visitor per
 * 10 minutes; bots not counted) through the topic service in-process.
 */
import { useState } from 'react';
import { Link, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from 'react-router';
import { CONTENT_STATUS, DEFAULT_LOCALE, TOPIC_TYPES } from '../../common/constants';
import { CommentSection } from '~/components/comment/comment-section';
import { shownCommentPage } from '~/components/comment/comment-data.server';
import { emptyPage, type ShownComment } from '~/components/comment/types';
import { AuthorCard } from '~/components/topic/author-card';
import { NodeLink, RecommendBadge, StickyBadge, TagList, TweetBadge, compactNumber } from '~/components/topic/badges';
import { HiddenContent } from '~/components/topic/hidden-content';
import { AlertIcon, EyeIcon, MapPinIcon } from '~/components/topic/icons';
import { ImageGrid } from '~/components/topic/image-grid';
import { originOf, pathId, unwrap, viewerOf } from '~/components/topic/page-data.server';
import { RenderNowProvider, TopicTime } from '~/components/topic/time';
import { TopicActions } from '~/components/topic/topic-actions';
import type { HiddenContentView, TopicView } from '~/components/topic/types';
import { Card } from '~/components/ui/card';
import { Avatar } from '~/components/user/avatar';
import { tFor } from '~/lib/i18n';
import { useRootData, type RootData } from '~/lib/session';
import '~/editor/content.css';
import { useT } from '~/lib/use-t';

export async function loader({ context, request, params }: LoaderFunctionArgs<AppLoadContext>) {
  const viewer = viewerOf(context);
  const id = pathId(params.id, tFor(context.locale)('topic.errors.notFound'));
  const visit = { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' };
  const topic = unwrap(await context.site.topics.detail(viewer, id, visit));
  const [hiddenResult, comments] = await Promise.all([
    topic.hasHiddenContent ? context.site.topics.hiddenContent(viewer, id) : null,
    context.site.interactions.comments(viewer, { entityType: 'topic', entityId: id }),
  ]);
  const hidden: HiddenContentView = hiddenResult ? unwrap(hiddenResult) : { exists: false, show: false, content: '' };
  return { topic, hidden, comments: comments.ok ? shownCommentPage(comments.data) : emptyPage<ShownComment>(), now: context.site.now(), canonical: `${originOf(context)}/topic/${id}` };
}

/** A tweet has no title: its first words stand in (page title, headings). */
function headline(topic: TopicView, max = 60): string {
  if (topic.title) return topic.title;
  const text = topic.summary.replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  const site = root?.config.siteTitle || 'Sabai';
  if (!data) return [{ title: `${t('site.error.notFound')} · ${site}` }];
  const { topic, canonical } = data;
  const title = `${headline(topic) || t('topicUi.detail.tweetBy', { name: topic.user?.nickname ?? '' })} · ${site}`;
  const description = [...topic.summary.replace(/\s+/g, ' ').trim()].slice(0, 160).join('');
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: headline(topic) || title },
    { property: 'og:url', content: canonical },
    { property: 'article:published_time', content: new Date(topic.createTime).toISOString() },
  ];
  if (description) tags.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  const image = topic.imageList[0]?.url;
  if (image) tags.push({ property: 'og:image', content: image.startsWith('/') ? new URL(canonical).origin + image : image });
  for (const tag of topic.tags) tags.push({ property: 'article:tag', content: tag.name });
  if (topic.status !== CONTENT_STATUS.published) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
};

function StatusNotice({ topic }: { topic: TopicView }) {
  const t = useT();
  if (topic.status === CONTENT_STATUS.pending) {
    return (
      <div role="status" className="mb-4 flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100" data-testid="pending-notice">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong className="font-semibold">{t('topicUi.detail.pendingTitle')}</strong> {t('topicUi.detail.pendingBody')}
        </p>
      </div>
    );
  }
  if (topic.status === CONTENT_STATUS.deleted) {
    return (
      <div role="status" className="mb-4 flex gap-2.5 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100" data-testid="deleted-notice">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <p>{t('topicUi.detail.deletedBody')}</p>
      </div>
    );
  }
  return null;
}

export default function TopicPage() {
  const { topic, hidden, comments, now } = useLoaderData<typeof loader>();
  const t = useT();
  const { user } = useRootData();
  const tweet = topic.type === TOPIC_TYPES.tweet;
  const [flags, setFlags] = useState({ id: topic.id, sticky: topic.sticky, recommend: topic.recommend, source: topic });
  const current = flags.source === topic ? flags : { id: topic.id, sticky: topic.sticky, recommend: topic.recommend, source: topic };
  const author = topic.user;

  return (
    <RenderNowProvider now={now}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <StatusNotice topic={topic} />
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
                <div className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-zinc-600 dark:text-zinc-400 ${tweet ? '' : 'mt-4'}`}>
                  {author && (
                    <Link to={`/user/${author.id}`} className="inline-flex items-center gap-2 font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                      {/* The name follows as text: the picture needs no second announcement. */}
                      <span aria-hidden="true" className="inline-flex">
                        <Avatar user={author} size={30} />
                      </span>
                      {author.nickname}
                    </Link>
                  )}
                  <span className="inline-flex items-center gap-1">
                    <span className="sr-only">{t('topicUi.detail.published')}</span>
                    <TopicTime time={topic.createTime} />
                  </span>
                  {topic.ipLocation && (
                    <span className="inline-flex items-center gap-1" data-testid="ip-location">
                      <MapPinIcon className="size-4" />
                      <span className="sr-only">{t('topicUi.detail.ipLocation')}</span>
                      {topic.ipLocation.label}
                    </span>
                  )}
                  <span className="inline-flex items-center gap-1" data-testid="view-count">
                    <EyeIcon className="size-4" />
                    {t('topicUi.detail.views', { count: topic.viewCount, formatted: compactNumber(topic.viewCount) })}
                  </span>
                </div>
              </header>

              {/* The ONLY raw HTML of the page: content_html, sanitized by the server's allow-list on write. */}
              <div className={`rich-text mt-6 max-w-[72ch] text-base ${tweet ? 'text-[1.0625rem]' : ''}`} data-testid="topic-content" dangerouslySetInnerHTML={{ __html: topic.content ?? '' }} />
              {tweet && <ImageGrid images={topic.imageList} className="mt-4" large />}
              <HiddenContent hidden={hidden} signedIn={user !== null} />
              <TagList tags={topic.tags} className="mt-6" />

              <footer className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800">
                <TopicActions topic={topic} user={user} onStateChange={(f) => setFlags({ ...f, id: topic.id, source: topic })} />
              </footer>
            </article>
          </Card>

          <section id="comments" aria-label={t('topicUi.detail.comments', { count: topic.commentCount })} className="mt-6 scroll-mt-20" data-testid="comments-slot">
            <CommentSection entityType="topic" entityId={topic.id} initial={comments} commentCount={topic.commentCount} closed={topic.status === CONTENT_STATUS.deleted} />
          </section>
        </div>
        <aside className="space-y-4" aria-label={t('topicUi.author.label')}>
          {author && <AuthorCard user={author} />}
        </aside>
      </div>
    </RenderNowProvider>
  );
}
