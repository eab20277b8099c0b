/** What the topic list pages load (server only): one feed page, the nodes, the render time. */
import { data, type AppLoadContext } from 'react-router';
import { ARTICLE_LIMITS } from '../../../common/constants';
import { feedArticle } from '~/components/article/data.server';
import type { FeedData, FeedTab } from './feed-view';
import { FEED } from './types';
import { feedPage, originOf, unwrap, viewerOf } from './page-data.server';

export function tabOf(request: Request): FeedTab {
  const tab = new URL(request.url).searchParams.get('tab');
  return tab === 'recommended' || tab === 'following' ? tab : 'latest';
}

const TAB_FEED: Record<FeedTab, number> = { latest: FEED.latest, recommended: FEED.recommended, following: FEED.followed };

/** `/` and `/topics`: the latest, recommended or following feed. */
export async function loadTabFeed(context: AppLoadContext, request: Request, kind: 'home' | 'topics'): Promise<FeedData> {
  const tab = tabOf(request);
  const viewer = viewerOf(context);
  const base = kind === 'home' ? '/' : '/topics';
  const [result, navNodes, nodes, articles] = await Promise.all([
    tab === 'following' && !viewer.user ? null : context.site.topics.feed(viewer, { nodeId: TAB_FEED[tab] }),
    context.site.topics.navNodes(),
    context.site.topics.nodes(),
    // The home side column shows the latest articles ([] with the article module off).
    kind === 'home' ? context.site.articles.latest(viewer, ARTICLE_LIMITS.sidebarMax) : [],
  ]);
  const page = result ? feedPage(unwrap(result)) : { results: [], cursor: '', hasMore: false };
  return {
    kind,
    tab,
    page,
    source: { path: '/api/topic/topics', query: { nodeId: TAB_FEED[tab] } },
    navNodes,
    nodes,
    articles: articles.map(feedArticle),
    node: null,
    tag: null,
    now: context.site.now(),
    canonical: originOf(context) + (tab === 'latest' ? base : `${base}?tab=${tab}`),
  };
}

export async function loadNodeFeed(context: AppLoadContext, request: Request, id: number, notFound: string): Promise<FeedData> {
  const viewer = viewerOf(context);
  const [node, navNodes, nodes] = await Promise.all([context.site.topics.node(id), context.site.topics.navNodes(), context.site.topics.nodes()]);
  if (!node) throw data(notFound, { status: 404 });
  const page = feedPage(unwrap(await context.site.topics.feed(viewer, { nodeId: id })));
  return {
    kind: 'node',
    tab: null,
    page,
    source: { path: '/api/topic/topics', query: { nodeId: id } },
    navNodes,
    nodes,
    articles: [],
    node,
    tag: null,
    now: context.site.now(),
    canonical: `${originOf(context)}/topics/node/${id}`,
  };
}

export async function loadTagFeed(context: AppLoadContext, request: Request, id: number, notFound: string): Promise<FeedData> {
  const viewer = viewerOf(context);
  const [tag, navNodes, nodes] = await Promise.all([context.site.topics.tag(id), context.site.topics.navNodes(), context.site.topics.nodes()]);
  if (!tag) throw data(notFound, { status: 404 });
  const page = feedPage(unwrap(await context.site.topics.tagFeed(viewer, { tagId: id })));
  return {
    kind: 'tag',
    tab: null,
    page,
    source: { path: '/api/topic/tag/topics', query: { tagId: id } },
    navNodes,
    nodes,
    articles: [],
    node: null,
    tag,
    now: context.site.now(),
    canonical: `${originOf(context)}/topics/tag/${id}`,
  };
}
