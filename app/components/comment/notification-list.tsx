/**
 * The rows of /user/messages (issue 27), sorted into kinds (./message-groups.ts). A row is a
 * notification group: while unread, the likes, favorites, comments on one item and new followers
 * gather in one row ("Alice and 3 others liked your topic"), the newest actors' avatars first; a
 * row of several can be expanded to its messages (GET user/notifications/:id). Each shows the
 * kind's icon, the title (a link to the item), the newest message's excerpt and quote, and its
 * time; unread rows look unread (tinted, a dot, a stronger title).
 *
 * Reading never marks (a GET changes nothing: a prefetch, a crawler or another site's link is not
 * the member reading). The page marks what it shows: once the reader can see it (hydrated, the tab
 * visible), one POST user/notifications/read names the unread rows shown, and again for each
 * "load more" page. Those keep their unread look for this visit, so the reader still sees what is
 * new, while the header badge clears. "Mark all read" reaches the older pages not loaded.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
import type { NotificationGroupView } from '../../../common/views/message';
import { useNewestFirstList } from './use-newest-first-list';
import { useT } from '~/lib/use-t';

interface TypeStyle {
  icon: (p: { className?: string }) => ReactNode;
  tone: string;
}

const TYPE_STYLE: Record<MessageType, TypeStyle> = {
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

/** The row's people: up to three avatars, the newest in front; the kind's icon where nobody acted. */
function RowFaces({ row, style }: { row: NotificationGroupView; style: TypeStyle }) {
  const Icon = style.icon;
  const faces = row.actors.slice(0, 3);
  if (faces.length === 0) {
    return (
      <span aria-hidden="true" className={`grid size-10 shrink-0 place-items-center rounded-full ${style.tone}`}>
        <Icon className="size-5" />
      </span>
    );
  }
  return (
    <div className="relative flex h-10 shrink-0 items-start self-start -space-x-3" aria-hidden="true">
      {faces.map((user, index) => (
        <span key={user.id} className="block size-10 rounded-full ring-2 ring-white dark:ring-zinc-900" style={{ zIndex: faces.length - index }}>
          <Avatar user={user} size={40} />
        </span>
      ))}
      <span className={`absolute -right-1 -bottom-1 z-10 grid size-5 place-items-center rounded-full ring-2 ring-white dark:ring-zinc-900 ${style.tone}`}>
        <Icon className="size-3" />
      </span>
    </div>
  );
}

/** A row's messages, fetched when the reader first expands it, then a page at a time. */
function useRowMessages(rowId: number) {
  const handleApiError = useApiErrorHandler();
  const [page, setPage] = useState<Page<MessageView> | null>(null);
  const [loading, setLoading] = useState(false);
  async function load(cursor?: string) {
    if (loading) return;
    setLoading(true);
    try {
      const next = await send(messageActions.groupMessages, { id: rowId, cursor });
      setPage((current) => {
        const known = current?.results ?? [];
        return { results: [...known, ...next.results.filter((m) => !known.some((k) => k.id === m.id))], cursor: next.cursor, hasMore: next.hasMore };
      });
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }
  return { page, loading, load };
}

function RowMessages({ id, page, loading, onMore }: { id: string; page: Page<MessageView> | null; loading: boolean; onMore: () => void }) {
  const t = useT();
  return (
    <div id={id} className="mt-3 rounded-lg border border-zinc-200 dark:border-zinc-800" data-testid="message-members">
      {page === null ? (
        <p className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
          {t('ucenter.messages.loading')}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {page.results.map((message) => (
            <li key={message.id} className="flex gap-2.5 px-3 py-2.5" data-testid="message-member">
              {message.from && <Avatar user={message.from} size={24} />}
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-zinc-800 dark:text-zinc-200">
                  {message.url ? (
                    <Link to={message.url} className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline">
                      {message.title}
                    </Link>
                  ) : (
                    message.title
                  )}
                </p>
                {message.content && <p className="mt-0.5 line-clamp-2 break-words text-zinc-600 dark:text-zinc-400">{message.content}</p>}
                <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  <TopicTime time={message.createTime} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page?.hasMore && (
        <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <Button variant="ghost" size="sm" onClick={onMore} loading={loading}>
            {t('ucenter.messages.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

function NotificationRow({ row }: { row: NotificationGroupView }) {
  const t = useT();
  const style = TYPE_STYLE[row.type] ?? TYPE_STYLE.system;
  const unread = row.status === MESSAGE_STATUS.unread;
  const [expanded, setExpanded] = useState(false);
  const members = useRowMessages(row.id);
  const membersId = useId();
  function toggle() {
    if (!expanded && members.page === null) void members.load();
    setExpanded(!expanded);
  }
  const typeLabel = t(`ucenter.messages.type.${row.type}`);
  return (
    <li
      className={`flex gap-3 px-4 py-4 sm:px-5 ${unread ? 'bg-brand-50/70 dark:bg-brand-950/30' : ''}`}
      data-testid="message"
      data-message-type={row.type}
      data-unread={unread || undefined}
      data-count={row.messageCount}
    >
      <RowFaces row={row} style={style} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h3 className={`min-w-0 flex-1 text-[0.9375rem] leading-6 break-words text-zinc-900 dark:text-zinc-50 ${unread ? 'font-semibold' : 'font-medium'}`}>
            {row.url ? (
              <Link to={row.url} className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline" data-testid="message-link">
                {row.title}
              </Link>
            ) : (
              row.title
            )}
          </h3>
          {unread && (
            <span className="mt-2 inline-flex shrink-0 items-center gap-1.5 text-xs font-medium text-red-700 dark:text-red-400" data-testid="message-unread">
              <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
              <span className="sr-only">{t('ucenter.messages.unread')}</span>
            </span>
          )}
        </div>
        {row.content && <p className="mt-1 line-clamp-3 text-sm break-words text-zinc-700 dark:text-zinc-300">{row.content}</p>}
        {row.quoteContent && (
          <blockquote className="mt-2 rounded-md border-l-4 border-zinc-300 bg-zinc-50 px-3 py-1.5 text-sm break-words text-zinc-600 dark:border-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">
            {/* Clamped inside the padding, so a third line never peeks out below. */}
            <span className="line-clamp-2">{row.quoteContent}</span>
          </blockquote>
        )}
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          <span className={`rounded-full px-2 py-0.5 font-medium ${style.tone}`}>{typeLabel}</span>
          {row.actors.length === 0 && (
            <>
              <span>{t('ucenter.messages.system')}</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <TopicTime time={row.updateTime} />
          {row.messageCount > 1 && (
            <>
              <span aria-hidden="true">·</span>
              <button
                type="button"
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                aria-expanded={expanded}
                aria-controls={expanded ? membersId : undefined}
                onClick={toggle}
                data-testid="message-expand"
              >
                {expanded ? t('ucenter.messages.collapse') : t('ucenter.messages.expand', { count: row.messageCount })}
              </button>
            </>
          )}
        </p>
        {expanded && <RowMessages id={membersId} page={members.page} loading={members.loading} onMore={() => void members.load(members.page?.cursor)} />}
      </div>
    </li>
  );
}

function unreadIds(rows: readonly NotificationGroupView[]): number[] {
  return rows.filter((m) => m.status === MESSAGE_STATUS.unread).map((m) => m.id);
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
 * Marks the unread rows shown read, each once, when the reader can see them (effects run only in
 * the browser, after hydration). A failed mark is given back so the next render retries.
 */
function useMarkShownRead(rows: readonly NotificationGroupView[]): void {
  const handleApiError = useApiErrorHandler();
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const ids = unreadIds(rows).filter((id) => !asked.current.has(id));
    if (ids.length === 0) return;
    return whenVisible(() => {
      for (const id of ids) asked.current.add(id);
      send(messageActions.markGroupsRead, { ids }).then(refreshUnreadCount, (error: unknown) => {
        for (const id of ids) asked.current.delete(id);
        handleApiError(error);
      });
    });
  }, [rows, handleApiError]);
}

/** One kind of rows under its heading, with how many of them are unread. */
function MessageGroupCard({ group, rows }: { group: MessageGroup; rows: readonly NotificationGroupView[] }) {
  const t = useT();
  const unread = unreadIds(rows).length;
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
          {rows.map((row) => (
            <NotificationRow key={row.id} row={row} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

/** A "Load more" page after the rows shown, in the server's order (newest activity first), each row once. */
function appendRows(current: readonly NotificationGroupView[], incoming: readonly NotificationGroupView[]): NotificationGroupView[] {
  return [...current, ...incoming.filter((row) => !current.some((known) => known.id === row.id))];
}

export function NotificationList({ initial }: { initial: Page<NotificationGroupView> }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const { list, setList, loading, loadMore } = useNewestFirstList(initial, messageActions.notifications, appendRows);
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
  // Older pages may hold unread rows this one has not loaded.
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
        <MessageGroupCard key={group} group={group} rows={messages} />
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
