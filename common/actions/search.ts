/** Search (API.md "Search…", issue 15): the contracts of the search feature's three tabs; the /search page reads the same. */
import { postSearchQuery, userSearchQuery } from '../validation/search';
import type { ArticleView } from '../views/article';
import type { SearchHit, SearchPage } from '../views/search';
import type { TopicView } from '../views/topic';
import type { PublicUser } from '../views/user';
import { contract, returns } from './contract';

export const searchActions = {
  topic: contract({
    name: 'search.topic',
    method: 'GET',
    path: '/api/search/topic',
    input: postSearchQuery,
    output: returns<SearchPage<SearchHit<TopicView>>>(),
    summary: 'Topics matching a keyword, by relevance then newest, with the matched words marked.',
  }),
  article: contract({
    name: 'search.article',
    method: 'GET',
    path: '/api/search/article',
    input: postSearchQuery,
    output: returns<SearchPage<SearchHit<ArticleView>>>(),
    summary: 'Articles matching a keyword (403 while the article module is off).',
  }),
  user: contract({
    name: 'search.user',
    method: 'GET',
    path: '/api/search/user',
    input: userSearchQuery,
    output: returns<SearchPage<PublicUser>>(),
    summary: 'Members whose username or nickname holds the keyword, newest first.',
  }),
};
