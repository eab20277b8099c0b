/**
 * The messages of /user/messages: type icon, sender, title (a link to the item), excerpt,
 * quote and relative time; unread ones (as they were before this visit) are marked. "Load more"
 * pages by cursor through GET user/messages, which marks those read too.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CommentIcon, HeartIcon, ShieldIcon, SparkIcon, StarIcon, TrashIcon } from '~/components/topic/icons';
import { TopicTime } from '~/components/topic/time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { BellIcon, PlusIcon } from '~/components/ui/icons';
import { Avatar } from '~/components/user/avatar';
import { api } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { refreshUnreadCount } from '~/lib/use-unread-count';
import type { MessageType } from '../../../common/constants';
import { mergeNewestFirst, type MessageView, type Page } from './types';
import { useT } from '~/lib/use-t';

const TYPE_STYLE: Record<MessageType, { icon: (p: { className?: string }) => ReactNode; tone: string }> = {
  topic_comment: { icon: CommentIcon, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  comment_reply: { icon: CommentIcon, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  like: { icon: (p) => <HeartIcon {...p} filled />, tone: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300' },
  favorite: { icon: (p) => <StarIcon {...p} filled />, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  follow: { icon: PlusIcon, tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  recommended: { icon: SparkIcon, tone: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300' },
  deleted: { icon: TrashIcon, tone: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  banned: { icon: ShieldIcon, tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' },
  vip_activated: { icon: SparkIcon, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  system: { icon: BellIcon, tone: 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300' },
};

function MessageItem({ message }: { message: MessageView }) {
  const t = useT();
  const style = TYPE_STYLE[message.type] ?? TYPE_STYLE.system;
  const Icon = style.icon;
  const unread = message.status === 0;
  const typeLabel = t(`ucenter.messages.type.${message.type}`);
  return (
    <li className="flex gap-3 px-4 py-4 sm:px-5" data-testid="message" data-message-type={message.type} data-unread={unread || undefined}>
      <div className="relative shrink-0">
        {message.from ? (
          <Avatar user={message.from} size={40} />
        ) : (
          <span aria-hidden="true" className={`grid size-10 place-items-center rounded-full ${style.tone}`}>
            <Icon className="size-5" />
          </span>
        )}
        {message.from && (
          <span aria-hidden="true" className={`absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full ring-2 ring-white dark:ring-zinc-900 ${style.tone}`}>
            <Icon className="size-3" />
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-[0.9375rem] leading-6 font-medium break-words text-zinc-900 dark:text-zinc-50">
            {message.url ? (
              <Link to={message.url} className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline" data-testid="message-link">
                {message.title}
              </Link>
            ) : (
              message.title
            )}
          </h2>
          {unread && (
            <span className="mt-2 inline-flex shrink-0 items-center gap-1.5 text-xs font-medium text-red-700 dark:text-red-400" data-testid="message-unread">
              <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
              <span className="sr-only">{t('ucenter.messages.unread')}</span>
            </span>
          )}
        </div>
        {message.content && <p className="mt-1 line-clamp-3 text-sm break-words text-zinc-700 dark:text-zinc-300">{message.content}</p>}
        {message.quoteContent && (
          <blockquote className="mt-2 rounded-md border-l-4 border-zinc-300 bg-zinc-50 px-3 py-1.5 text-sm break-words text-zinc-600 dark:border-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">
            {/* Clamped inside the padding, so a third line never peeks out below. */}
            <span className="line-clamp-2">{message.quoteContent}</span>
          </blockquote>
        )}
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span className={`rounded-full px-2 py-0.5 font-medium ${style.tone}`}>{typeLabel}</span>
          {!message.from && (
            <>
              <span>{t('ucenter.messages.system')}</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <TopicTime time={message.createTime} />
        </p>
      </div>
    </li>
  );
}

export function MessageList({ initial }: { initial: Page<MessageView> }) {
  const t = useT();
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
      const page = await api<Page<MessageView>>('/api/user/messages', { query: { cursor: list.cursor } });
      setList((l) => ({ results: mergeNewestFirst(l.results, page.results), cursor: page.cursor, hasMore: page.hasMore }));
      refreshUnreadCount();
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  if (list.results.length === 0) {
    return (
      <Card>
        <EmptyState icon={<BellIcon className="size-6" />} title={t('ucenter.messages.empty')}>
          {t('ucenter.messages.emptyBody')}
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      <Card>
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="message-list">
          {list.results.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      </Card>
      {list.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} loading={loading} data-testid="messages-more">
            {t('ucenter.messages.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
