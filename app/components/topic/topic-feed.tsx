/**
 * A topic feed: the first page comes server-rendered from the route's loader; "Load more" asks
 * the JSON API for the next keyset page with the cursor and appends it. Topics already shown
 * (e.g. a sticky one that also appears in its node) are not repeated.
 */
import { useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { api, type QueryValue } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { TopicItem } from './topic-item';
import type { FeedTopic, TopicPage } from './types';
import { useT } from '~/lib/use-t';

export interface FeedSource {
  /** API path of the next pages, e.g. `/api/topic/topics`. */
  path: string;
  /** Its query besides `cursor`, e.g. `{nodeId: 0}`. */
  query: Record<string, QueryValue>;
}

function merge(list: FeedTopic[], more: FeedTopic[]): FeedTopic[] {
  const seen = new Set(list.map((t) => t.id));
  return [...list, ...more.filter((t) => !seen.has(t.id))];
}

/** Holds the pages loaded so far; a new first page from the loader (another feed) starts over. */
function useFeedPages(first: TopicPage) {
  const [state, setState] = useState({ first, topics: first.results, cursor: first.cursor, hasMore: first.hasMore });
  if (state.first !== first) {
    const fresh = { first, topics: first.results, cursor: first.cursor, hasMore: first.hasMore };
    setState(fresh);
    return [fresh, setState] as const;
  }
  return [state, setState] as const;
}

export function TopicFeed({ page, source, empty, label }: { page: TopicPage; source: FeedSource; empty: ReactNode; label: string }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useFeedPages(page);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    setLoading(true);
    try {
      const next = await api<TopicPage>(source.path, { query: { ...source.query, cursor: state.cursor } });
      setState((s) => (s.first === page ? { ...s, topics: merge(s.topics, next.results), cursor: next.cursor, hasMore: next.hasMore } : s));
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  if (state.topics.length === 0) return <Card>{empty}</Card>;
  return (
    <div>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={label} data-testid="topic-list">
          {state.topics.map((topic) => (
            <li key={topic.id}>
              <TopicItem topic={topic} />
            </li>
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
            {t('topicUi.feed.end')}
          </p>
        )}
      </div>
    </div>
  );
}
