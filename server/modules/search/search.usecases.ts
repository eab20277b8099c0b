/**
 * Search use cases (API.md `search/topic`, `search/article`, `search/user`), shared by the JSON
 * routes and the /search page (search.actions.ts declares the per-address limit, which runs
 * first, the article module's switch for the articles tab, and the answers): the read itself.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { searchActions } from '../../../common/actions/search';
import type { ArticleView } from '../../../common/views/article';
import type { SearchHit, SearchPage } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import type { ReadCall } from '../../kernel/actions';
import { searchArticles, searchTopics, searchUsers } from './search.service';

type Input<K extends keyof typeof searchActions> = ParsedInputOf<(typeof searchActions)[K]>;

/** GET search/topic: a page of topic hits, the matched words marked. */
export function searchTopicsCase({ db, input, caller }: ReadCall<Input<'topic'>, undefined>): Promise<SearchPage<SearchHit<TopicView>>> {
  return searchTopics(db, input, caller);
}

/** GET search/article: a page of article hits. */
export function searchArticlesCase({ db, input, caller }: ReadCall<Input<'article'>, undefined>): Promise<SearchPage<SearchHit<ArticleView>>> {
  return searchArticles(db, input, caller);
}

/** GET search/user: members whose names hold the keyword. */
export function searchUsersCase({ db, input, caller }: ReadCall<Input<'user'>, undefined>): Promise<SearchPage<PublicUser>> {
  return searchUsers(db, input, caller);
}
