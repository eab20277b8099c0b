/** A topic feed: the keyset feed (../content/keyset-feed.tsx) of topic entries. */
import type { ReactNode } from 'react';
import { KeysetFeed, type FeedSource } from '~/components/content/keyset-feed';
import { TopicItem } from './topic-item';
import type { FeedTopic, TopicPage } from './types';

export type { FeedSource };

export function TopicFeed({ page, source, empty, label }: { page: TopicPage; source: FeedSource; empty: ReactNode; label: string }) {
  return <KeysetFeed<FeedTopic> page={page} source={source} empty={empty} label={label} testId="topic-list" renderItem={(topic) => <TopicItem topic={topic} />} />;
}
