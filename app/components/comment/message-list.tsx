/**
 * The messages of /user/messages, grouped by kind (./message-groups.ts), each: type icon, sender, title (a link to the item), excerpt,
 * quote and relative time; unread ones look unread (tinted, a dot, a stronger title).
 *
 * Reading never marks (GET user/messages changes nothing: a prefetch, a crawler or another
 * site's link is not the member reading). The page marks what it shows: once the reader can see
 * it (hydrated, the tab visible: not a prerender, not a background tab), one POST
 * user/messages/read names the unread messages shown, and again for each "load more" page. Those
 * keep their unread look for this visit, so the reader still sees what is new, while the header
 * badge clears, as the notification pages of X, Weibo or V2EX behave. "Mark all read" reaches
 * the older pages not loaded (POST user/messages/read_all).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CommentIcon, HeartIcon, ShieldIcon, SparkIcon, StarIcon, TrashIcon } from '~/components/topic/icons';
import { TopicTime } from '~/components/topic/time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { BellIcon, PlusIcon } from '~/components/ui/icons';
import { Avatar } from '~/components/user/avatar';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { refreshUnreadCount } from '~/lib/use-unread-count';
import { messageActions } from '../../../common/actions/messages';
import { MESSAGE_STATUS, type MessageType } from '../../../common/constants';
import { groupMessages, type MessageGroup } from './message-groups';
import type { MessageView, Page } from './types';
import { useT } from '~/lib/use-t';
import { useNewestFirstList } from './use-newest-first-list';

const TYPE_STYLE: Record<MessageType, { icon: (p: { className?: string }) => ReactNode; tone: string }> = {
  topic_comment: { icon: CommentIcon, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  comment_reply: { icon: CommentIcon, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  mention: { icon: CommentIcon, tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300' },
  quote: { icon: CommentIcon, tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300' },
  like: { icon: (p) => <HeartIcon {...p} filled />, tone: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300' },
  favorite: { icon: (p) => <StarIcon {...p} filled />, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  follow: { icon: PlusIcon, tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  recommended: { icon: SparkIcon, tone: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300' },
  deleted: { icon: TrashIcon, tone: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  approved: { icon: SparkIcon, tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  rejected: { icon: ShieldIcon, tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' },
  restored: { icon: SparkIcon, tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  banned: { icon: ShieldIcon, tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' },
  vip_activated: { icon: SparkIcon, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  vip_rejected: { icon: SparkIcon, tone: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  vip_expiring: { icon: BellIcon, tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  system: { icon: BellIcon, tone: 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300' },
};

function MessageItem({ message }: { message: MessageView }) {
  const t = useT();
  const style = TYPE_STYLE[message.type] ?? TYPE_STYLE.system;
  const Icon = style.icon;
  const unread = message.status === MESSAGE_STATUS.unread;
  const typeLabel = t(`ucenter.messages.type.${message.type}`);
  return (
    <li
      className={`flex gap-3 px-4 py-4 sm:px-5 ${unread ? 'bg-brand-50/70 dark:bg-brand-950/30' : ''}`}
      data-testid="message"
      data-message-type={message.type}
      data-unread={unread || undefined}
    >
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
          <h3 className={`min-w-0 flex-1 text-[0.9375rem] leading-6 break-words text-zinc-900 dark:text-zinc-50 ${unread ? 'font-semibold' : 'font-medium'}`}>
            {message.url ? (
              <Link to={message.url} className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline" data-testid="message-link">
                {message.title}
              </Link>
            ) : (
              message.title
            )}
          </h3>
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

function unreadIds(messages: readonly MessageView[]): number[] {
  return messages.filter((m) => m.status === MESSAGE_STATUS.unread).map((m) => m.id);
}

/**
 * Runs `callback` once the document is visible: now, or at the next `visibilitychange` that
 * shows it (a prerendered page or a background tab is not being read). Answers the cancel.
 */
function whenVisible(callback: () => void): () => void {
  if (document.visibilityState === 'visible') {
    callback();
    return () => {};
  }
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    callback();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * Marks the unread messages shown read, each id once, when the reader can see them (effects run
 * only in the browser, after hydration). A failed mark is given back so the next render retries.
 */
function useMarkShownRead(messages: readonly MessageView[]): void {
  const handleApiError = useApiErrorHandler();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const ids = unreadIds(messages).filter((id) => !asked.current.has(id));
    if (ids.length === 0) return;
    return whenVisible(() => {
      for (const id of ids) asked.current.add(id);
      send(messageActions.markRead, { ids }).then(refreshUnreadCount, (error: unknown) => {
        for (const id of ids) asked.current.delete(id);
        handleApiError(error);
      });
    });
  }, [messages, handleApiError]);
}

/** One kind of messages under its heading, with how many of them are unread. */
function MessageGroupCard({ group, messages }: { group: MessageGroup; messages: readonly MessageView[] }) {
  const t = useT();
  const unread = unreadIds(messages).length;
  const headingId = `messages-${group}`;
  return (
    <section aria-labelledby={headingId} data-testid="message-group" data-group={group}>
      <h2 id={headingId} className="mb-2 flex items-center gap-2 px-1 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        {t(`ucenter.messages.group.${group}`)}
        {/* A space for the heading's accessible name ("Likes and favorites 1 new"); flex hides it on screen. */}
        {unread > 0 && ' '}
        {unread > 0 && (
          <span className="rounded-full bg-red-600 px-1.5 py-px text-xs font-medium text-white" data-testid="message-group-unread">
            {t('ucenter.messages.groupUnread', { count: unread })}
          </span>
        )}
      </h2>
      <Card>
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="message-list">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

export function MessageList({ initial }: { initial: Page<MessageView> }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const { list, setList, loading, loadMore } = useNewestFirstList<MessageView>(initial, messageActions.list);
  const [marking, setMarking] = useState(false);
  useMarkShownRead(list.results);

  async function markAllRead() {
    if (marking) return;
    setMarking(true);
    try {
      await send(messageActions.markAllRead, {});
      setList((l) => ({ ...l, results: l.results.map((m) => ({ ...m, status: MESSAGE_STATUS.read })) }));
      refreshUnreadCount();
      toast.success(t('ucenter.messages.allRead'));
    } catch (error) {
      handleApiError(error);
    } finally {
      setMarking(false);
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
  // Older pages may hold unread messages this one has not loaded.
  const anythingToMark = list.hasMore || unreadIds(list.results).length > 0;
  return (
    <>
      {anythingToMark && (
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={() => void markAllRead()} loading={marking} data-testid="messages-mark-all-read">
            {t('ucenter.messages.markAllRead')}
          </Button>
        </div>
      )}
      {groupMessages(list.results).map(({ group, messages }) => (
        <MessageGroupCard key={group} group={group} messages={messages} />
      ))}
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
