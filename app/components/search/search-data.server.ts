/**
 * The /search page's data: the URL's keyword (`q`), tab, time range and node, read once here, and
 * the chosen tab's first page through `context.site.search` (the same use cases as API.md
 * `search/*`, rate-limited by the visitor's address). A refused search (too long, too many, the
 * article module off) keeps the page with its message and the answer's status, so it is never
 * cached as a good page.
 */
import { data, type AppLoadContext } from 'react-router';
import { topicActions } from '../../../common/actions/topics';
import { LIMITS } from '../../../common/constants';
import { unwrap, viewerOf } from '~/components/topic/page-data.server';
import { apiQuery, searchParamsOf, type SearchData, type SearchResults } from './search-params';

export async function loadSearch(context: AppLoadContext, request: Request) {
  const params = searchParamsOf(new URL(request.url));
  const [nodes, articlesOn] = await Promise.all([context.read(topicActions.nodes, {}), context.site.search.articlesOn()]);
  const base = { params, nodes: unwrap(nodes), articlesOn, now: context.site.now() };
  if (params.keyword === '') return data<SearchData>({ ...base, results: null, error: null });
  const viewer = viewerOf(context);
  const visit = { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' };
  const query = { ...apiQuery(params), keyword: params.keyword.slice(0, LIMITS.searchInputMax + 1) };
  const asText = { keyword: query.keyword, timeRange: String(query.timeRange), nodeId: String(query.nodeId) };
  let outcome;
  let results: SearchResults | null = null;
  if (params.tab === 'article' && articlesOn) {
    outcome = await context.site.search.articles(viewer, asText, visit);
    if (outcome.ok) results = { tab: 'article', page: outcome.data };
  } else if (params.tab === 'user') {
    outcome = await context.site.search.users(viewer, asText, visit);
    if (outcome.ok) results = { tab: 'user', page: outcome.data };
  } else {
    outcome = await context.site.search.topics(viewer, asText, visit);
    if (outcome.ok) results = { tab: 'topic', page: outcome.data };
    params.tab = 'topic';
  }
  const headers = { 'x-robots-tag': 'noindex, follow' };
  if (outcome.ok) return data<SearchData>({ ...base, results, error: null }, { headers });
  return data<SearchData>({ ...base, results: null, error: outcome.message }, { status: outcome.status, headers });
}
