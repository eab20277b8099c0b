/** Where a keyset feed's "Load more" asks for its next pages: a declared read's route, from its contract. */
import type { AnyContract } from '../../../common/actions/contract';
import type { QueryValue } from '~/lib/api';
import type { FeedSource } from './keyset-feed';

/** The feed source of a GET action (its path) with its query besides `cursor`; a read only pages make has none. */
export function feedSource(contract: AnyContract, query: Record<string, QueryValue> = {}): FeedSource {
  if (contract.method !== 'GET' || !contract.path) throw new Error(`${contract.name} has no GET route to page through`);
  return { path: contract.path, query };
}
