/**
 * A keyset feed of any content kind (topics, articles): the first page comes server-rendered from
 * the route's loader; "Load more" asks the JSON API for the next page with the cursor and
 * appends it. Items already shown (a sticky topic that also appears in its node) are not repeated.
 */
import { useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { api, type QueryValue } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export interface FeedSource {
  /** API path of the next pages, e.g. `/api/topic/topics`. */
  path: string;
  /** Its query besides `cursor`, e.g. `{nodeId: 0}`. */
  query: Record<string, QueryValue>;
}

/** A keyset page of feed entries (API.md "Lists"). */
export interface KeysetPage<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

/** An entry's identity in the list: its id, or (lists of several kinds) what `keyOf` makes of it. */
type KeyOf<T> = (item: T) => string | number;
const byId = <T extends { id: number }>(item: T) => item.id;

function merge<T>(list: T[], more: T[], keyOf: KeyOf<T>): T[] {
  const seen = new Set(list.map(keyOf));
  return [...list, ...more.filter((item) => !seen.has(keyOf(item)))];
}

/** Holds the pages loaded so far; a new first page from the loader (another feed) starts over. */
function useFeedPages<T>(first: KeysetPage<T>) {
  const fresh = { first, items: first.results, cursor: first.cursor, hasMore: first.hasMore };
  const [state, setState] = useState(fresh);
  if (state.first !== first) {
    setState(fresh);
    return [fresh, setState] as const;
  }
  return [state, setState] as const;
}

export interface KeysetFeedProps<T> {
  page: KeysetPage<T>;
  source: FeedSource;
  /** Shown in a card when the feed has no entry at all. */
  empty: ReactNode;
  /** The list's accessible name. */
  label: string;
  /** `index`: its place in the list (a kind may lead with a larger first entry). */
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's test id (`topic-list`, `article-list`). */
  testId: string;
  /** An entry's identity when ids alone may repeat (a list of topics and articles); default the id. */
  keyOf?: KeyOf<T>;
  /** What the list says under its last entry; default the feed's "You're all caught up" (search: "No more results"). */
  endText?: string;
}

export function KeysetFeed<T extends { id: number }>({ page, source, empty, label, renderItem, testId, keyOf = byId, endText }: KeysetFeedProps<T>) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useFeedPages(page);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    setLoading(true);
    try {
      // "Load more" answers the API's full views, which fit the loader's trimmed entries.
      const next = await api<KeysetPage<T>>(source.path, { query: { ...source.query, cursor: state.cursor } });
      setState((s) => (s.first === page ? { ...s, items: merge(s.items, next.results, keyOf), cursor: next.cursor, hasMore: next.hasMore } : s));
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  if (state.items.length === 0) return <Card>{empty}</Card>;
  return (
    <div>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={label} data-testid={testId}>
          {state.items.map((item, index) => (
            <li key={keyOf(item)}>{renderItem(item, index)}</li>
          ))}
        </ul>
      </Card>
      <div className="mt-4 flex justify-center">
        {state.hasMore ? (
          <Button variant="secondary" onClick={() => void loadMore()} loading={loading} data-testid="load-more">
            {t('topicUi.feed.loadMore')}
          </Button>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="feed-end">
            {endText ?? t('topicUi.feed.end')}
          </p>
        )}
      </div>
    </div>
  );
}
