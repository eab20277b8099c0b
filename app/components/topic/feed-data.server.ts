/** What the topic list pages load (server only): one feed page, the nodes, the render time. */
import { data, type AppLoadContext } from 'react-router';
import { nodeActions } from '../../../common/actions/nodes';
import { tagActions } from '../../../common/actions/tags';
import { topicActions } from '../../../common/actions/topics';
import { articleActions } from '../../../common/actions/articles';
import { followActions } from '../../../common/actions/follows';
import { ARTICLE_LIMITS } from '../../../common/constants';
import { feedArticle } from '~/components/article/data.server';
import type { FollowingData, FollowingEntry } from '~/components/people/following-feed';
import type { FollowedPost } from '../../../common/views/follow';
import type { PageViewer } from '../../../common/load-context';
import type { FeedData, FeedTab } from './feed-view';
import { FEED } from './types';
import { feedPage, feedSource, feedTopic, originOf, topicsOnly, unwrap, viewerOf } from './page-data.server';

export function tabOf(request: Request): FeedTab {
  const tab = new URL(request.url).searchParams.get('tab');
  return tab === 'recommended' || tab === 'following' ? tab : 'latest';
}

const TAB_FEED: Record<FeedTab, number> = { latest: FEED.latest, recommended: FEED.recommended, following: FEED.followed };

/** A following-feed entry as the loader sends it: only what its kind's entry shows. */
function followingEntry(post: FollowedPost): FollowingEntry {
  return post.entityType === 'topic' ? { ...feedTopic(post), entityType: 'topic' } : { ...feedArticle(post), entityType: 'article' };
}

/**
 * The following tab (signed in only): the first page of followed members' topics and articles,
 * and, when it is empty, members worth following.
 */
async function loadFollowing(context: AppLoadContext, viewer: PageViewer<NonNullable<AppLoadContext['user']>>): Promise<FollowingData | null> {
  if (!viewer.user) return null;
  const page = unwrap(await context.read(followActions.feed, {}));
  const suggestions = page.results.length === 0 ? unwrap(await context.read(followActions.suggestions, {})) : null;
  return { page: { results: page.results.map(followingEntry), cursor: page.cursor, hasMore: page.hasMore }, suggestions };
}

/** A feed page's frame: the navigation's nodes and every node (the side column). */
async function nodeLists(context: AppLoadContext) {
  const [navNodes, nodes] = await Promise.all([context.read(topicActions.navNodes, {}), context.read(topicActions.nodes, {})]);
  return { navNodes: unwrap(navNodes), nodes: unwrap(nodes) };
}

/** `/` and `/topics`: the latest, recommended or following feed. */
export async function loadTabFeed(context: AppLoadContext, request: Request, kind: 'home' | 'topics'): Promise<FeedData> {
  const tab = tabOf(request);
  const viewer = viewerOf(context);
  const base = kind === 'home' ? '/' : '/topics';
  const [result, following, lists, articles] = await Promise.all([
    tab === 'following' ? null : context.read(topicActions.feed, { nodeId: TAB_FEED[tab] }),
    tab === 'following' ? loadFollowing(context, viewer) : null,
    nodeLists(context),
    // The home side column shows the latest articles ([] with the article module off).
    kind === 'home' ? context.read(articleActions.latest, { limit: ARTICLE_LIMITS.sidebarMax }).then(unwrap) : [],
  ]);
  const page = result ? feedPage(topicsOnly(unwrap(result))) : { results: [], cursor: '', hasMore: false };
  return {
    kind,
    tab,
    page,
    following,
    source: feedSource(topicActions.feed, { nodeId: TAB_FEED[tab] }),
    ...lists,
    articles: articles.map(feedArticle),
    node: null,
    tag: null,
    now: context.site.now(),
    canonical: originOf(context) + (tab === 'latest' ? base : `${base}?tab=${tab}`),
  };
}

export async function loadNodeFeed(context: AppLoadContext, request: Request, id: number, notFound: string): Promise<FeedData> {
  const [node, lists] = await Promise.all([context.read(nodeActions.active, { id }), nodeLists(context)]);
  if (!node.ok) throw data(notFound, { status: 404 });
  const page = feedPage(topicsOnly(unwrap(await context.read(topicActions.feed, { nodeId: id }))));
  return {
    kind: 'node',
    tab: null,
    page,
    following: null,
    source: feedSource(topicActions.feed, { nodeId: id }),
    ...lists,
    articles: [],
    node: node.data,
    tag: null,
    now: context.site.now(),
    canonical: `${originOf(context)}/topics/node/${id}`,
  };
}

export async function loadTagFeed(context: AppLoadContext, request: Request, id: number, notFound: string): Promise<FeedData> {
  const [tag, lists] = await Promise.all([context.read(tagActions.get, { id }), nodeLists(context)]);
  if (!tag.ok) throw data(notFound, { status: 404 });
  const page = feedPage(unwrap(await context.read(topicActions.tagFeed, { tagId: id })));
  return {
    kind: 'tag',
    tab: null,
    page,
    following: null,
    source: feedSource(topicActions.tagFeed, { tagId: id }),
    ...lists,
    articles: [],
    node: null,
    tag: tag.data,
    now: context.site.now(),
    canonical: `${originOf(context)}/topics/tag/${id}`,
  };
}
