/**
 * The search feature's actions (ADR 0021): the three tabs, each limited per client address before
 * its query is read (a refused search counts too), on the /search page as on the API; the
 * articles tab answers 403 while the article module is off.
 */
import { searchActions } from '../../../common/actions/search';
import { articleViewSchema } from '../../../common/views/article';
import { searchHitOf, searchPageOf } from '../../../common/views/search';
import { topicViewSchema } from '../../../common/views/topic';
import { publicUserSchema } from '../../../common/views/user';
import { clientKey, type RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who } from '../../kernel/actions';
import { articleReadsOpen } from '../articles/articles.api';
import { searchArticlesCase, searchTopicsCase, searchUsersCase } from './search.usecases';

/**
 * Searches per client address: 30 a minute. A reader types a few and pages through some; a
 * script hammering the engine with fresh keywords (which the page cache cannot serve) is held
 * back. In-process callers without an address (tests, tools) are not counted.
 */
export const SEARCH_RATE: RateRule = { name: 'search:ip', max: 30, windowMs: 60_000 };

/** Spent before the query is read, by the page's reads as by the API's. */
const searchLimit = limit.rules([{ rule: SEARCH_RATE, key: ({ caller }) => (caller.origin.ip === '' ? null : clientKey(caller.origin.ip)) }], { stage: 'beforeInput', onPages: true });

export const searchActionList = [
  readAction(searchActions.topic, { who: who.anyone(), limit: searchLimit, answer: searchPageOf(searchHitOf(topicViewSchema)), run: searchTopicsCase }),
  readAction(searchActions.article, { who: who.anyone(), guards: [articleReadsOpen], limit: searchLimit, answer: searchPageOf(searchHitOf(articleViewSchema)), run: searchArticlesCase }),
  readAction(searchActions.user, { who: who.anyone(), limit: searchLimit, answer: searchPageOf(publicUserSchema), run: searchUsersCase }),
];
