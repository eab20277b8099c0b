/**
 * A member's keyset list shown newest first (messages, favorites, the score log): the loader's
 * first page, then "Load more" pages from the list's declared action (`GET …` with `cursor`)
 * merged by id. When the loader runs again (after a write on the page, a revalidation), the list
 * starts over from its new first page.
 */
import { useState } from 'react';
import type { z } from 'zod';
import type { Contract } from '../../../common/actions/contract';
import { send } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { mergeNewestFirst, type Page } from './types';

/** A list's action: a GET that takes a `cursor` and answers a page. */
export type PagedContract<T> = Contract<z.ZodType, Page<T>, 'GET'>;

/**
 * `merge` puts a loaded page after what the list holds: by default by id, newest first; a list
 * ordered by something else (notification rows, by their newest activity) keeps the server's
 * order and adds each row once.
 */
export function useNewestFirstList<T extends { id: number }>(initial: Page<T>, source: PagedContract<T>, merge: (current: readonly T[], incoming: readonly T[]) => T[] = mergeNewestFirst) {
  const handleApiError = useApiErrorHandler();
  const [seen, setSeen] = useState(initial);
  const [list, setList] = useState(initial);
  const [loading, setLoading] = useState(false);
  if (seen !== initial) {
    setSeen(initial);
    setList(initial);
  }

  async function loadMore() {
    if (loading || !list.hasMore) return;
    setLoading(true);
    try {
      const page = await send(source, { cursor: list.cursor });
      setList((l) => ({ results: merge(l.results, page.results), cursor: page.cursor, hasMore: page.hasMore }));
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  return { list, setList, loading, loadMore };
}
