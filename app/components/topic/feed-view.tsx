/**
 * The topic list pages' view (`/`, `/topics`, `/topics/node/{id}`, `/topics/tag/{id}`): the
 * loader's first page rendered on the server, further pages through the JSON API, and the
 * page's title, description and canonical link.
 */
import { serverRenderedPart } from '~/lib/server-rendered-part';
import { useLocation, type MetaDescriptor } from 'react-router';
import type { FeedArticle } from '~/components/article/types';
import { DEFAULT_LOCALE } from '../../../common/constants';
import { ButtonLink } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ChatIcon } from '~/components/ui/icons';
import { tFor } from '~/lib/i18n';
import { signInPath } from '~/lib/paths';
import { useRootData, type RootData } from '~/lib/session';
import { compactNumber } from './badges';
import { FeedHeading, IconTile, TagHeading, TiledHeading } from '~/components/content/list-shell';
import { FeedShell, FeedTabs, NodeStrip, startItem, type FeedTab } from './feed-layout';
import { FolderIcon, HashIcon, SparkIcon } from './icons';
import { RenderNowProvider } from './time';
import { TopicFeed, type FeedSource } from './topic-feed';
import type { FollowingData } from '~/components/people/following-feed';
import type { NodeView, TagView, TopicPage } from './types';
import { useT } from '~/lib/use-t';

// The Following tab is a member's (follow buttons, their contracts and zod): a chunk of its own,
// so the feeds an anonymous visitor reads do not load it (ADR 0034).
const FollowingFeed = serverRenderedPart('following-feed', () => import('~/components/people/following-feed').then((m) => m.FollowingFeed));

export type { FeedTab };

export interface FeedData {
  kind: 'home' | 'topics' | 'node' | 'tag';
  tab: FeedTab | null;
  page: TopicPage;
  /** The following tab's feed (topics and articles) and suggestions; null on every other feed or signed out. */
  following: FollowingData | null;
  source: FeedSource;
  /** Nodes shown in the strip (in the nav). */
  navNodes: NodeView[];
  /** Every node (side directory). */
  nodes: NodeView[];
  /** The latest articles (home's side column; [] elsewhere or with the article module off). */
  articles: FeedArticle[];
  node: NodeView | null;
  tag: TagView | null;
  /** The server's render time (stable relative times through hydration). */
  now: number;
  canonical: string;
}

function FeedEmpty({ data }: { data: FeedData }) {
  const t = useT();
  const { user, config } = useRootData();
  const location = useLocation();
  const create = startItem(config.modules);
  const signIn = (
    <ButtonLink to={signInPath(location.pathname + location.search)} variant="secondary">
      {t('site.header.signIn')}
    </ButtonLink>
  );
  const start = user && create ? <ButtonLink to={data.node ? `${create.to}${create.to.includes('?') ? '&' : '?'}nodeId=${data.node.id}` : create.to}>{t('site.home.startTopic')}</ButtonLink> : null;
  if (data.tab === 'recommended') {
    return (
      <EmptyState icon={<SparkIcon className="size-6" />} title={t('topicUi.empty.recommendedTitle')}>
        {t('topicUi.empty.recommendedBody')}
      </EmptyState>
    );
  }
  if (data.node) {
    return (
      <EmptyState icon={<FolderIcon className="size-6" />} title={t('topicUi.empty.nodeTitle', { node: data.node.name })} action={user ? start : signIn}>
        {t('topicUi.empty.nodeBody')}
      </EmptyState>
    );
  }
  if (data.tag) {
    return (
      <EmptyState icon={<HashIcon className="size-6" />} title={t('topicUi.empty.tagTitle', { tag: data.tag.name })}>
        {t('topicUi.empty.tagBody')}
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={<ChatIcon className="size-6" />} title={t('site.home.emptyTitle')} action={user ? start : signIn}>
      {user ? t('site.home.emptyMember') : t('site.home.emptyVisitor')}
    </EmptyState>
  );
}

function NodeIntro({ node }: { node: NodeView }) {
  const t = useT();
  const tile = node.logo ? (
    <img src={node.logo} alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl border border-zinc-200 object-cover dark:border-zinc-800" />
  ) : (
    <IconTile>
      <FolderIcon className="size-6" />
    </IconTile>
  );
  return (
    <TiledHeading tile={tile} sub={node.description || t('topicUi.node.topicCount', { count: node.topicCount, formatted: compactNumber(node.topicCount) })}>
      {node.name}
    </TiledHeading>
  );
}

function TagIntro({ tag }: { tag: TagView }) {
  const t = useT();
  return <TagHeading name={tag.name} sub={tag.description || t('topicUi.tag.topicCount', { count: tag.topicCount, formatted: compactNumber(tag.topicCount) })} />;
}

export function FeedView({ data }: { data: FeedData }) {
  const t = useT();
  const base = data.kind === 'home' ? '/' : '/topics';
  let heading;
  let nav;
  if (data.node) {
    heading = <NodeIntro node={data.node} />;
    nav = (
      <div className="mb-4">
        <NodeStrip nodes={data.navNodes} activeNodeId={data.node.id} />
      </div>
    );
  } else if (data.tag) {
    heading = <TagIntro tag={data.tag} />;
    nav = (
      <div className="mb-4">
        <NodeStrip nodes={data.navNodes} />
      </div>
    );
  } else {
    heading = <FeedHeading>{data.kind === 'home' ? t('site.home.title') : t('topicUi.feed.allTopics')}</FeedHeading>;
    nav = <FeedTabs base={base} active={data.tab} nodes={data.navNodes} />;
  }
  const label = data.node?.name ?? (data.tag ? t('topicUi.tag.heading', { tag: data.tag.name }) : t('site.home.feedLabel'));
  return (
    <RenderNowProvider now={data.now}>
      <FeedShell heading={heading} nav={nav} nodes={data.nodes} articles={data.articles} home={data.kind === 'home'}>
        {data.tab === 'following' ? (
          <FollowingFeed data={data.following} source={data.source} />
        ) : (
          <TopicFeed page={data.page} source={data.source} label={label} empty={<FeedEmpty data={data} />} />
        )}
      </FeedShell>
    </RenderNowProvider>
  );
}

function rootOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}

/** Title, description, canonical and Open Graph tags of a list page. */
export function feedMeta({ data, matches }: { data: FeedData | undefined; matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> }): MetaDescriptor[] {
  const root = rootOf(matches);
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  const site = root?.config.siteTitle || 'Sabai';
  if (!data) return [{ title: `${t('site.error.notFound')} · ${site}` }];
  let title: string;
  // Without a description in the site settings (a fresh install), a sentence naming the site:
  // search engines and link previews then show it instead of a page fragment.
  let description = root?.config.siteDescription || t('pageMeta.siteDescription', { site });
  if (data.node) {
    title = `${data.node.name} · ${site}`;
    description = data.node.description || description;
  } else if (data.tag) {
    title = `${t('topicUi.tag.heading', { tag: data.tag.name })} · ${site}`;
    description = data.tag.description || description;
  } else {
    const section = data.tab === 'recommended' ? t('topicUi.feed.recommended') : data.tab === 'following' ? t('topicUi.feed.following') : null;
    const main = data.kind === 'home' ? site : `${t('topicUi.feed.allTopics')} · ${site}`;
    title = section ? `${section} · ${main}` : main;
  }
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: title },
    { property: 'og:url', content: data.canonical },
  ];
  if (description) tags.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  const feed = rssFeedOf(data, site, t);
  if (feed) tags.push({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: feed.href });
  return tags;
}

/**
 * The RSS feed a list page announces to feed readers (autodiscovery): the latest topics on home
 * and `/topics`, the node's or the tag's own feed on a node or tag page.
 */
function rssFeedOf(data: FeedData, site: string, t: ReturnType<typeof tFor>): { title: string; href: string } | null {
  const origin = new URL(data.canonical).origin;
  if (data.node) return { title: t('topic.rss.nodeTitle', { site, node: data.node.name }), href: `${origin}/rss/node/${data.node.id}.xml` };
  if (data.tag) return { title: t('seo.rss.tagLink', { tag: data.tag.name }), href: `${origin}/rss/tag/${data.tag.id}.xml` };
  return { title: t('topic.rss.latestTitle', { site }), href: `${origin}/rss.xml` };
}
