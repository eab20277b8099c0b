/**
 * Rate limits of read routes, built from the `rateLimits` setting as the account routes' are
 * (auth/rate-rules.ts). Reads are cheap one by one, but a loop or a scraper on the feeds or on
 * tag autocomplete (one query per keystroke) is not: the numbers are generous, so readers and
 * editors never meet them, and RATE_LIMITS=off (benchmarks, e2e) lifts them.
 */
import { clientKey, type RateRule } from '../../infra/rate-limiter';
import { limit, type Limit } from '../../kernel/actions';
import type { Settings } from './settings.schema';

export type ReadRule = 'feedPerIp' | 'tagAutocomplete';

const NAMES: Record<ReadRule, string> = {
  feedPerIp: 'feed:ip',
  tagAutocomplete: 'tags:autocomplete',
};

export function readRule(settings: Pick<Settings, 'rateLimits'>, rule: ReadRule): RateRule {
  const { max, windowMs } = settings.rateLimits[rule];
  return { name: NAMES[rule], max, windowMs };
}

/** The public feeds' limit (topics, comments, replies, tags: one budget per address), spent before the input is read. */
export const feedReadLimit: Limit = limit.perIp((settings) => readRule(settings, 'feedPerIp'), { stage: 'beforeInput' });

/** Tag autocomplete: the member's count (by id), or the address's when signed out. */
export const autocompleteLimit: Limit = limit.rules([{ rule: (settings) => readRule(settings, 'tagAutocomplete'), key: ({ caller }) => (caller.viewer ? `user:${caller.viewer.id}` : `ip:${clientKey(caller.origin.ip)}`) }], { stage: 'beforeInput' });
