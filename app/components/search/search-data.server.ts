/**
 * The /search page's data: the URL's keyword (`q`), tab, time range and node, read once here, and
 * the chosen tab's first page through the search's declared actions (`context.read`: the same
 * steps as API.md `search/*`, the per-address limit included). A refused search (too long, too
 * many, the article module off) keeps the page with its message and the answer's status, so it
 * is never cached as a good page.
 */
import { data, type AppLoadContext } from 'react-router';
import { searchActions } from '../../../common/actions/search';
import { siteActions } from '../../../common/actions/site';
import { topicActions } from '../../../common/actions/topics';
import { LIMITS } from '../../../common/constants';
import { unwrap } from '~/components/topic/page-data.server';
import { apiQuery, searchParamsOf, type SearchData, type SearchResults } from './search-params';

export async function loadSearch(context: AppLoadContext, request: Request) {
  const params = searchParamsOf(new URL(request.url));
  const [nodes, config] = await Promise.all([context.read(topicActions.nodes, {}), context.read(siteActions.config, {}).then(unwrap)]);
  // The articles tab shows while the article module is on.
  const articlesOn = config.modules.article;
  const base = { params, nodes: unwrap(nodes), articlesOn, now: context.site.now() };
  if (params.keyword === '') return data<SearchData>({ ...base, results: null, error: null });
  // One character past the box's limit: the action answers 'too long' rather than a cut keyword's hits.
  const query = { ...apiQuery(params), keyword: params.keyword.slice(0, LIMITS.searchInputMax + 1) };
  let outcome;
  let results: SearchResults | null = null;
  if (params.tab === 'article' && articlesOn) {
    outcome = await context.read(searchActions.article, query);
    if (outcome.ok) results = { tab: 'article', page: outcome.data };
  } else if (params.tab === 'user') {
    outcome = await context.read(searchActions.user, { keyword: query.keyword });
    if (outcome.ok) results = { tab: 'user', page: outcome.data };
  } else {
    outcome = await context.read(searchActions.topic, query);
    if (outcome.ok) results = { tab: 'topic', page: outcome.data };
    params.tab = 'topic';
  }
  const headers = { 'x-robots-tag': 'noindex, follow' };
  if (outcome.ok) return data<SearchData>({ ...base, results, error: null }, { headers });
  return data<SearchData>({ ...base, results: null, error: outcome.message }, { status: outcome.status, headers });
}
