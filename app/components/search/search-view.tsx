/**
 * The /search page (spec §2, issue 15): the keyword's tabs (topics, articles while the module is
 * on, users), time ranges and a node filter for topics, the result count, the hits with their
 * matched words marked, keyset "Load more" through API.md `search/*`, and an empty state with
 * suggestions. Every control is a link or a GET form: the page works before hydration. Hit
 * titles and summaries are HTML made by the server (search.highlight.ts: escaped text, `<mark>`
 * the only markup); everything else is text rendered by React.
 */
import { Form, Link } from 'react-router';
import type { ArticleView } from '../../../common/views/article';
import type { SearchHit } from '../../../common/views/search';
import { SEARCH_TIME_RANGES, type SearchTab } from '../../../common/views/search-choices';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import { KeysetFeed, type FeedSource } from '~/components/content/keyset-feed';
import { NodeLink, TopicStats } from '~/components/topic/badges';
import { RenderNowProvider, TopicTime } from '~/components/topic/time';
import { Avatar } from '~/components/user/avatar';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { SearchIcon } from '~/components/ui/icons';
import { useT } from '~/lib/use-t';
import { apiQuery, type SearchData, type SearchParams } from './search-params';

/** The page's address for other parameters (the tab's own filters kept where they apply). */
export function searchHref(params: SearchParams, change: Partial<SearchParams>): string {
  const next = { ...params, ...change };
  const q = new URLSearchParams({ q: next.keyword });
  if (next.tab !== 'topic') q.set('type', next.tab);
  if (next.tab !== 'user' && next.range !== 'all') q.set('range', next.range);
  if (next.tab === 'topic' && next.nodeId > 0) q.set('node', String(next.nodeId));
  return `/search?${q.toString()}`;
}

function Marked({ html, className, as: Tag = 'span' }: { html: string; className?: string; as?: 'span' | 'p' }) {
  // Server-made: escaped text and <mark> only (search.highlight.ts).
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function PostHit({ hit, path }: { hit: SearchHit<TopicView | ArticleView>; path: string }) {
  const { item } = hit;
  const node = 'node' in item ? item.node : null;
  return (
    <article className="tp-item" data-testid="search-hit" data-id={item.id} aria-labelledby={`hit-${item.id}-title`}>
      <div className="min-w-0 flex-1">
        <h2 className="tp-item-title mt-0" id={`hit-${item.id}-title`}>
          <Link to={path}>
            <Marked html={hit.highlight.title} />
          </Link>
        </h2>
        {hit.highlight.summary && <Marked as="p" className="sr-summary" html={hit.highlight.summary} />}
        <div className="tp-item-foot">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            {item.user && (
              <Link to={`/user/${item.user.id}`} className="tp-item-author inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="inline-flex">
                  <Avatar user={item.user} size={20} />
                </span>
                {item.user.nickname}
              </Link>
            )}
            {node && <NodeLink node={node} />}
            <span aria-hidden="true" className="tp-dot">
              ·
            </span>
            <TopicTime time={item.createTime} className="tp-item-time" />
          </div>
          <TopicStats viewCount={item.viewCount} commentCount={item.commentCount} likeCount={item.likeCount} className="ml-auto" />
        </div>
      </div>
    </article>
  );
}

function UserHit({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <article className="tp-item items-center" data-testid="search-hit" data-id={user.id}>
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar user={user} size={40} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="tp-item-title mt-0">
          <Link to={`/user/${user.id}`}>{user.nickname}</Link>
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {user.username && <span className="mr-3">@{user.username}</span>}
          {t('search.page.topicsOf', { count: user.topicCount })}
        </p>
        {user.signature && <p className="sr-summary">{user.signature}</p>}
      </div>
    </article>
  );
}

function Tabs({ params, articlesOn }: { params: SearchParams; articlesOn: boolean }) {
  const t = useT();
  const tabs: SearchTab[] = articlesOn ? ['topic', 'article', 'user'] : ['topic', 'user'];
  return (
    <nav aria-label={t('search.page.tabsLabel')} className="sr-tabs" data-testid="search-tabs">
      {tabs.map((tab) => (
        <Link key={tab} to={searchHref(params, { tab })} className="sr-tab" aria-current={tab === params.tab ? 'page' : undefined} data-testid={`search-tab-${tab}`}>
          {t(`search.page.tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

function Filters({ params, nodes }: { params: SearchParams; nodes: SearchData['nodes'] }) {
  const t = useT();
  if (params.tab === 'user') return null;
  return (
    <div className="sr-filters">
      <nav aria-label={t('search.page.rangeLabel')} className="sr-ranges" data-testid="search-ranges">
        {SEARCH_TIME_RANGES.map((range) => (
          <Link key={range} to={searchHref(params, { range })} className="sr-range" aria-current={range === params.range ? 'true' : undefined} data-testid={`search-range-${range}`}>
            {t(`search.page.ranges.${range}`)}
          </Link>
        ))}
      </nav>
      {params.tab === 'topic' && nodes.length > 0 && (
        <Form method="get" action="/search" className="sr-node-form">
          <input type="hidden" name="q" value={params.keyword} />
          {params.range !== 'all' && <input type="hidden" name="range" value={params.range} />}
          <label htmlFor="search-node" className="sr-node-label">
            {t('search.page.nodeLabel')}
          </label>
          <select id="search-node" name="node" defaultValue={String(params.nodeId)} className="sr-select" data-testid="search-node" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            <option value="0">{t('search.page.allNodes')}</option>
            {nodes.map((node) => (
              <option key={node.id} value={node.id}>
                {node.name}
              </option>
            ))}
          </select>
          <noscript>
            <Button type="submit" variant="secondary" size="sm">
              {t('search.page.filter')}
            </Button>
          </noscript>
        </Form>
      )}
    </div>
  );
}

function Empty({ params, articlesOn }: { params: SearchParams; articlesOn: boolean }) {
  const t = useT();
  const tips = ['spelling', ...(params.range !== 'all' ? ['range'] : []), ...(params.nodeId > 0 ? ['node'] : []), 'tab'];
  return (
    <EmptyState icon={<SearchIcon className="size-6" />} title={t('search.page.empty', { keyword: params.keyword })}>
      <span className="block">{t('search.page.suggestionsTitle')}</span>
      <span className="mt-1 flex flex-col gap-1" data-testid="search-suggestions">
        {tips.map((tip) => (
          <span key={tip}>· {t(`search.page.suggestions.${tip === 'tab' && !articlesOn ? 'tabNoArticles' : tip}`)}</span>
        ))}
      </span>
    </EmptyState>
  );
}

/**
 * Where each tab's "Load more" asks for its next pages: searchActions' GET paths, written here so
 * the page does not load the contracts, and zod with them, for a button (issue 32: 22 KB of a
 * phone's first visit). search-feed-paths.test.ts holds them equal to the contracts'.
 */
export const SEARCH_FEED_PATHS = { topic: '/api/search/topic', article: '/api/search/article', user: '/api/search/user' } as const;

function searchFeed(tab: keyof typeof SEARCH_FEED_PATHS, query: FeedSource['query']): FeedSource {
  return { path: SEARCH_FEED_PATHS[tab], query };
}

function Results({ data }: { data: SearchData }) {
  const t = useT();
  const { results, params } = data;
  if (!results) return null;
  const empty = <Empty params={params} articlesOn={data.articlesOn} />;
  const source = searchFeed(results.tab, apiQuery(params));
  const label = t(`search.page.tabs.${results.tab}`);
  switch (results.tab) {
    case 'topic':
      return <KeysetFeed page={results.page} source={source} empty={empty} label={label} endText={t('search.page.end')} testId="search-results" renderItem={(hit) => <PostHit hit={hit} path={`/topic/${hit.id}`} />} />;
    case 'article':
      return <KeysetFeed page={results.page} source={source} empty={empty} label={label} endText={t('search.page.end')} testId="search-results" renderItem={(hit) => <PostHit hit={hit} path={`/article/${hit.id}`} />} />;
    case 'user':
      return <KeysetFeed page={results.page} source={searchFeed('user', { keyword: params.keyword })} empty={empty} label={label} endText={t('search.page.end')} testId="search-results" renderItem={(user) => <UserHit user={user} />} />;
  }
}

export function SearchView({ data }: { data: SearchData }) {
  const t = useT();
  const { params } = data;
  if (params.keyword === '') {
    return (
      <div className="mx-auto max-w-4xl px-4 py-6" data-testid="search-page">
        <Card>
          <EmptyState icon={<SearchIcon className="size-6" />} title={t('search.page.title')}>
            {t('search.page.prompt')}
          </EmptyState>
        </Card>
      </div>
    );
  }
  return (
    <RenderNowProvider now={data.now}>
      <div className="mx-auto max-w-4xl px-4 py-6" data-testid="search-page">
        <h1 className="text-xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{t('search.page.heading', { keyword: params.keyword })}</h1>
        {data.results && (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="search-count" aria-live="polite">
            {data.results.page.totalCapped ? t('search.page.countCapped', { count: data.results.page.total }) : t('search.page.count', { count: data.results.page.total })}
          </p>
        )}
        <Tabs params={params} articlesOn={data.articlesOn} />
        <Filters params={params} nodes={data.nodes} />
        <div className="mt-4">
          {data.error ? (
            <Card>
              <p role="alert" className="px-5 py-6 text-sm text-red-700 dark:text-red-400" data-testid="search-error">
                {data.error}
              </p>
            </Card>
          ) : (
            <Results data={data} />
          )}
        </div>
      </div>
    </RenderNowProvider>
  );
}
