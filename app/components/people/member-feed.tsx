/**
 * A list of members (followers, following): avatar, nickname, signature, counts and the reader's
 * own follow button on each row, with "Load more" by keyset cursor (../content/keyset-feed.tsx).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '../../../common/views/user';
import { KeysetFeed, type FeedSource, type KeysetPage } from '~/components/content/keyset-feed';
import { compactNumber } from '~/components/topic/badges';
import { Avatar } from '~/components/user/avatar';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';
import { FollowButton } from './follow-button';

export type MemberPage = KeysetPage<PublicUser>;

export function MemberRow({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <div className="flex items-center gap-3 px-4 py-3 sm:gap-4" data-testid="member-row" data-user-id={user.id}>
      <Link to={paths.user(user.id)} className="shrink-0 rounded-full" tabIndex={-1} aria-hidden="true">
        <Avatar user={user} size={50} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={paths.user(user.id)} className="block truncate font-semibold text-zinc-900 hover:underline dark:text-zinc-50" data-testid="member-name">
          {user.nickname}
        </Link>
        {user.signature && <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{user.signature}</p>}
        <p className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {t('follow.fanCount', { count: user.fansCount, formatted: compactNumber(user.fansCount) })} · {t('follow.topicCount', { count: user.topicCount, formatted: compactNumber(user.topicCount) })}
        </p>
      </div>
      <FollowButton user={user} followed={user.followed} />
    </div>
  );
}

export function MemberFeed({ page, source, empty, label }: { page: MemberPage; source: FeedSource; empty: ReactNode; label: string }) {
  return <KeysetFeed<PublicUser> page={page} source={source} empty={empty} label={label} testId="member-list" renderItem={(user) => <MemberRow user={user} />} />;
}
