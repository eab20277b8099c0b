/**
 * The author parts of a feed row, shared by topic rows and article rows so the two read alike:
 * the 40 px avatar beside the row (a grey disc for a deleted author) and the name in the head line.
 */
import { Link } from 'react-router';
import { Avatar } from '~/components/user/avatar';
import { useT } from '~/lib/use-t';
import type { FeedTopic } from './types';

type FeedUser = FeedTopic['user'];

/** The avatar beside a row; hidden from assistive technology (the name link says the same). */
export function FeedAvatar({ user }: { user: FeedUser }) {
  if (!user) return <span className="size-10 shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />;
  return (
    <Link to={`/user/${user.id}`} className="tp-item-avatar" tabIndex={-1} aria-hidden="true">
      <Avatar user={user} size={40} />
    </Link>
  );
}

/** The author's name in a row's head line; `inlineAvatar` adds a 20 px avatar before it (rows without one beside them). */
export function FeedAuthor({ user, inlineAvatar = false }: { user: FeedUser; inlineAvatar?: boolean }) {
  const t = useT();
  if (!user) return <span className="text-zinc-500">{t('topicUi.item.unknownUser')}</span>;
  if (!inlineAvatar) {
    return (
      <Link to={`/user/${user.id}`} className="tp-item-author">
        {user.nickname}
      </Link>
    );
  }
  return (
    <Link to={`/user/${user.id}`} className="tp-item-author inline-flex items-center gap-1.5">
      <span aria-hidden="true" className="inline-flex">
        <Avatar user={user} size={20} />
      </span>
      {user.nickname}
    </Link>
  );
}
