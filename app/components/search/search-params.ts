/** The /search page's parameters (its URL: `q`, `type`, `range`, `node`) and data, for the loader and the view. */
import type { ArticleView } from '../../../common/views/article';
import type { NodeView } from '../../../common/views/node';
import { SEARCH_TABS, SEARCH_TIME_RANGES, type SearchTab, type SearchTimeRange } from '../../../common/views/search-choices';
import type { SearchHit, SearchPage } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';

export interface SearchParams {
  keyword: string;
  tab: SearchTab;
  range: SearchTimeRange;
  /** 0: every node. */
  nodeId: number;
}

export type SearchResults =
  | { tab: 'topic'; page: SearchPage<SearchHit<TopicView>> }
  | { tab: 'article'; page: SearchPage<SearchHit<ArticleView>> }
  | { tab: 'user'; page: SearchPage<PublicUser> };

export interface SearchData {
  params: SearchParams;
  results: SearchResults | null;
  /** The refusal's message in the reader's language, when the search was refused. */
  error: string | null;
  nodes: NodeView[];
  articlesOn: boolean;
  now: number;
}

/** The page's parameters from its URL; anything unknown falls back to the default. */
export function searchParamsOf(url: URL): SearchParams {
  const q = url.searchParams;
  const tab = SEARCH_TABS.find((name) => name === q.get('type')) ?? 'topic';
  const range = SEARCH_TIME_RANGES.find((name) => name === q.get('range')) ?? 'all';
  const node = Number(q.get('node') ?? '0');
  return { keyword: (q.get('q') ?? '').trim(), tab, range, nodeId: Number.isSafeInteger(node) && node > 0 ? node : 0 };
}

/** The API's query for these parameters (the page's "Load more" asks `search/*` with it). */
export function apiQuery(params: SearchParams): { keyword: string; timeRange: number; nodeId: number } {
  return { keyword: params.keyword, timeRange: SEARCH_TIME_RANGES.indexOf(params.range), nodeId: params.tab === 'topic' ? params.nodeId : 0 };
}

