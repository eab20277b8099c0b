/**
 * The home "Following" tab: topics and articles of the members the reader follows, newest first
 * (GET topic/topics?nodeId=-2), each shown as its kind's own entry. When it is empty, members
 * worth following (the most followed, the most active this week), each with a follow button.
 */
import { Link, useLocation } from 'react-router';
import type { PublicUser } from '../../../common/views/user';
import { ArticleCard } from '~/components/article/article-card';
import type { FeedArticle } from '~/components/article/types';
import { KeysetFeed, type FeedSource, type KeysetPage } from '~/components/content/keyset-feed';
import { TopicItem } from '~/components/topic/topic-item';
import type { FeedTopic } from '~/components/topic/types';
import { ButtonLink } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { UsersIcon } from '~/components/ui/icons';
import { signInPath } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';
import type { FollowSuggestions } from '../../../common/views/follow';
import { MemberRow } from './member-feed';

export type FollowingEntry = (FeedTopic & { entityType: 'topic' }) | (FeedArticle & { entityType: 'article' });
export type FollowingPage = KeysetPage<FollowingEntry>;

/** What the home page loads for the tab: the first page, and suggestions when it is empty. */
export interface FollowingData {
  page: FollowingPage;
  suggestions: FollowSuggestions | null;
}

function SuggestionList({ title, users, testId }: { title: string; users: PublicUser[]; testId: string }) {
  if (users.length === 0) return null;
  return (
    <section className="border-t border-zinc-200 text-left dark:border-zinc-800" aria-label={title} data-testid={testId}>
      <h3 className="px-4 pt-4 pb-1 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{title}</h3>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {users.map((user) => (
          <li key={user.id}>
            <MemberRow user={user} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FollowingEmpty({ suggestions }: { suggestions: FollowSuggestions | null }) {
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  if (!user) {
    return (
      <EmptyState
        icon={<UsersIcon className="size-6" />}
        title={t('topicUi.empty.followingTitle')}
        action={
          <ButtonLink to={signInPath(location.pathname + location.search)} variant="secondary">
            {t('site.header.signIn')}
          </ButtonLink>
        }
      >
        {t('topicUi.empty.followingVisitor')}
      </EmptyState>
    );
  }
  const none = !suggestions || (suggestions.mostFollowed.length === 0 && suggestions.activeThisWeek.length === 0);
  return (
    <div data-testid="following-empty">
      <EmptyState icon={<UsersIcon className="size-6" />} title={t('topicUi.empty.followingTitle')}>
        {t('follow.followed.emptyOwn')}
      </EmptyState>
      {none ? (
        <p className="border-t border-zinc-200 px-4 py-4 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          {t('follow.suggest.none')} <Link to="/topics" className="text-brand-700 dark:text-brand-300 hover:underline">{t('topicUi.feed.allTopics')}</Link>
        </p>
      ) : (
        <>
          <SuggestionList title={t('follow.suggest.mostFollowed')} users={suggestions.mostFollowed} testId="suggest-most-followed" />
          <SuggestionList title={t('follow.suggest.activeThisWeek')} users={suggestions.activeThisWeek} testId="suggest-active" />
        </>
      )}
    </div>
  );
}

const entryKey = (entry: FollowingEntry) => `${entry.entityType}:${entry.id}`;

export function FollowingFeed({ data, source }: { data: FollowingData | null; source: FeedSource }) {
  const t = useT();
  const page: FollowingPage = data?.page ?? { results: [], cursor: '', hasMore: false };
  return (
    <KeysetFeed<FollowingEntry>
      page={page}
      source={source}
      empty={<FollowingEmpty suggestions={data?.suggestions ?? null} />}
      label={t('follow.feed.label')}
      testId="following-list"
      keyOf={entryKey}
      renderItem={(entry) => (entry.entityType === 'topic' ? <TopicItem topic={entry} /> : <ArticleCard article={entry} row />)}
    />
  );
}
