/** An article feed: the keyset feed (../content/keyset-feed.tsx) of article cards, led by the newest one's cover. */
import type { ReactNode } from 'react';
import { KeysetFeed, type FeedSource } from '~/components/content/keyset-feed';
import { ArticleCard } from './article-card';
import type { ArticlePage, FeedArticle } from './types';

export function ArticleFeed({ page, source, empty, label, lead = false }: { page: ArticlePage; source: FeedSource; empty: ReactNode; label: string; lead?: boolean }) {
  return (
    <KeysetFeed<FeedArticle>
      page={page}
      source={source}
      empty={empty}
      label={label}
      testId="article-list"
      renderItem={(article, index) => <ArticleCard article={article} featured={lead && index === 0 && article.cover !== null} />}
    />
  );
}
