/**
 * Search use cases (API.md `search/topic`, `search/article`, `search/user`), shared by the JSON
 * routes and the /search page: the per-IP rate limit first (429 with Retry-After), then the
 * query (400 naming the field: an empty keyword, one over the search box's 30 characters), the
 * article module's switch for the articles tab, then the read.
 */
import type { ArticleView } from '../../../common/views/article';
import type { SearchHit, SearchPage } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import { postSearchQuery, userSearchQuery } from '../../../common/validation/search';
import { requireDb, type AppContext } from '../../context';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { clientKey, type RateRule } from '../../infra/rate-limiter';
import type { Caller } from '../../kernel/caller';
import { articlesClosed } from '../articles/articles.api';
import { searchArticles, searchTopics, searchUsers } from './search.service';

/**
 * Searches per client address: 30 a minute. A reader types a few and pages through some; a
 * script hammering the engine with fresh keywords (which the page cache cannot serve) is held
 * back. In-process callers without an address (tests, tools) are not counted.
 */
export const SEARCH_RATE: RateRule = { name: 'search:ip', max: 30, windowMs: 60_000 };

async function limit(ctx: AppContext, caller: Caller): Promise<void> {
  if (caller.origin.ip !== '') await ctx.limiter.consume(SEARCH_RATE, clientKey(caller.origin.ip));
}

export async function searchTopicsCase(ctx: AppContext, caller: Caller, query: unknown): Promise<SearchPage<SearchHit<TopicView>>> {
  await limit(ctx, caller);
  const input = parseInput(postSearchQuery, query);
  return searchTopics(requireDb(ctx), input, caller);
}

export async function searchArticlesCase(ctx: AppContext, caller: Caller, query: unknown): Promise<SearchPage<SearchHit<ArticleView>>> {
  await limit(ctx, caller);
  const input = parseInput(postSearchQuery, query);
  const db = requireDb(ctx);
  const refusal = articlesClosed(await ctx.settings.get(db), 'read');
  if (refusal) throw errors.forbidden(refusal);
  return searchArticles(db, input, caller);
}

export async function searchUsersCase(ctx: AppContext, caller: Caller, query: unknown): Promise<SearchPage<PublicUser>> {
  await limit(ctx, caller);
  return searchUsers(requireDb(ctx), parseInput(userSearchQuery, query), caller);
}

/** Whether the articles tab shows (the article module is on). */
export async function articlesSearchable(ctx: AppContext): Promise<boolean> {
  return articlesClosed(await ctx.settings.get(requireDb(ctx)), 'read') === null;
}
