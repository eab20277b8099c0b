/** The author panel beside a topic or an article: avatar, nickname and unique username, signature, follow button, counts, member since. */
import { Link } from 'react-router';
import { FollowButton } from '~/components/people/follow-button';
import { BlockButton } from '~/components/viewer-only-parts';
import { Card } from '~/components/ui/card';
import { Avatar } from '~/components/user/avatar';
import { UserHandle } from '~/components/user/user-handle';
import { VipBadge } from '~/components/user/vip-badge';
import { formatDate } from '../../../common/relative-time';
import { useRootData } from '~/lib/session';
import { compactNumber } from './badges';
import type { TopicView } from './types';
import { useT } from '~/lib/use-t';

type Author = NonNullable<TopicView['user']>;

/** The author's first count is of the kind the page shows: their topics, or their articles. */
const FIRST_COUNT = {
  topic: { label: 'topicUi.author.topics', count: (user: Author) => user.topicCount },
  article: { label: 'articleUi.profile.articles', count: (user: Author) => user.articleCount },
} as const;

export function AuthorCard({ user, kind = 'topic' }: { user: Author; kind?: keyof typeof FIRST_COUNT }) {
  const t = useT();
  const { config: site, locale } = useRootData();
  // The day the member joined in the site's time zone: the same on the server and in every browser.
  const joined = formatDate(user.createTime, site.timeZone, locale);
  return (
    <Card className="p-4" data-testid="author-card">
      <div className="flex items-center gap-3">
        <Link to={`/user/${user.id}`} className="shrink-0 rounded-full" tabIndex={-1} aria-hidden="true">
          <Avatar user={user} size={50} />
        </Link>
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-1.5">
            <Link to={`/user/${user.id}`} className="block truncate font-semibold text-zinc-900 hover:underline dark:text-zinc-50">
              {user.nickname}
            </Link>
            <VipBadge vip={user.vip} size="xs" />
          </div>
          <UserHandle username={user.username} className="block text-sm" />
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('topicUi.author.joined', { date: joined })}</p>
        </div>
      </div>
      {user.signature && <p className="mt-3 text-sm leading-6 break-words text-zinc-600 dark:text-zinc-400">{user.signature}</p>}
      {/* The page is the same for every reader (cached): the button asks the reader's state itself. */}
      <FollowButton user={user} className="mt-3 w-full" />
      {/* The reader's own blocks (root data, after hydration): never part of the shared render. */}
      <BlockButton user={user} className="mt-1.5 w-full" />
      <dl className="mt-3 grid grid-cols-3 divide-x divide-zinc-200 rounded-lg bg-zinc-50 py-2 text-center dark:divide-zinc-800 dark:bg-zinc-800/50">
        {(
          [
            [FIRST_COUNT[kind].label, FIRST_COUNT[kind].count(user)],
            ['topicUi.author.comments', user.commentCount],
            ['topicUi.author.score', user.score],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="flex flex-col-reverse">
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(key)}</dt>
            <dd className="text-sm font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{compactNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
