/**
 * The member's conversations (`/conversations`, issue 28): one row each — the others' avatars
 * and names, the last message's excerpt and time, the unread count — newest first, "Load more"
 * by cursor. A live message moves its conversation to the top (or reloads when it is new here).
 */
import { useCallback, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { conversationActions } from '../../../common/actions/conversations';
import type { ConversationLiveEvent, ConversationSummary } from '../../../common/views/conversation';
import type { Page } from '../../../common/views/page';
import { Avatar } from '~/components/user/avatar';
import { Button } from '~/components/ui/button';
import { RelativeTime } from '~/components/ui/relative-time';
import { send } from '~/lib/api';
import { useConversationEvents } from '~/lib/conversation-events';
import { paths } from '~/lib/paths';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

/** Up to three faces, overlapping (a group), or one larger face (a one-to-one). */
export function MemberFaces({ members }: { members: ConversationSummary['members'] }) {
  const shown = members.slice(0, 3);
  if (shown.length <= 1) {
    const one = shown[0];
    return one ? <Avatar user={one} size={45} /> : <span className="inline-block size-[45px] shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-700" aria-hidden="true" />;
  }
  return (
    <span className="relative inline-block size-[45px] shrink-0" aria-hidden="true">
      {shown.slice(0, 2).map((member, i) => (
        <Avatar key={member.id} user={member} size={30} className={`absolute ring-2 ring-white dark:ring-zinc-900 ${i === 0 ? 'top-0 left-0' : 'right-0 bottom-0'}`} />
      ))}
    </span>
  );
}

export function memberNames(members: ConversationSummary['members'], t: ReturnType<typeof useT>): string {
  const names = members.slice(0, 3).map((m) => m.nickname);
  const rest = members.length - names.length;
  return rest > 0 ? `${names.join(', ')} ${t('conversation.list.others', { count: rest })}` : names.join(', ');
}

function lastLine(row: ConversationSummary, viewerId: number, t: ReturnType<typeof useT>): string {
  const last = row.lastMessage;
  if (!last) return '';
  if (last.kind === 'left') return t('conversation.list.left', { name: last.authorName });
  const text = last.excerpt || t('conversation.list.removed');
  if (last.authorId === viewerId) return `${t('conversation.list.you')}: ${text}`;
  return row.isGroup ? `${last.authorName}: ${text}` : text;
}

function ConversationRow({ row, viewerId }: { row: ConversationSummary; viewerId: number }) {
  const t = useT();
  const unread = row.unreadCount > 0;
  return (
    <li>
      <Link
        to={paths.conversation(row.id)}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 dark:hover:bg-zinc-800/60 dark:focus-visible:bg-zinc-800/60"
        data-testid="conversation-row"
        data-unread={unread || undefined}
      >
        <MemberFaces members={row.members} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`min-w-0 flex-1 truncate text-[0.9375rem] ${unread ? 'font-semibold text-zinc-900 dark:text-zinc-50' : 'font-medium text-zinc-800 dark:text-zinc-200'}`}>{memberNames(row.members, t)}</span>
            {row.lastMessage && <RelativeTime time={row.lastMessage.createTime} className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400" />}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'text-zinc-800 dark:text-zinc-200' : 'text-zinc-600 dark:text-zinc-400'}`} data-testid="conversation-excerpt">
              {lastLine(row, viewerId, t)}
            </span>
            {row.muted && <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-[0.6875rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t('conversation.list.muted')}</span>}
            {unread && (
              <span
                className={`shrink-0 rounded-full px-1.5 text-center text-[0.6875rem] leading-[1.125rem] font-semibold ${row.muted ? 'bg-zinc-300 text-zinc-800 dark:bg-zinc-600 dark:text-zinc-100' : 'bg-brand-700 text-white'} min-w-[1.125rem]`}
                data-testid="conversation-unread"
              >
                <span aria-hidden="true">{row.unreadCount > 99 ? '99+' : row.unreadCount}</span>
                <span className="sr-only">{t('conversation.list.unread', { count: row.unreadCount })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function ConversationList({ initial, viewerId }: { initial: Page<ConversationSummary>; viewerId: number }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [first, setFirst] = useState(initial);
  const [rows, setRows] = useState(initial.results);
  const [cursor, setCursor] = useState(initial.cursor);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [loading, setLoading] = useState(false);
  if (first !== initial) {
    setFirst(initial);
    setRows(initial.results);
    setCursor(initial.cursor);
    setHasMore(initial.hasMore);
  }

  const onLive = useCallback(
    (event: ConversationLiveEvent) => {
      if (!event.message) return;
      const message = event.message;
      setRows((current) => {
        const row = current.find((r) => r.id === event.conversationId);
        // New to this list: the loader knows its members.
        if (!row) {
          void revalidator.revalidate();
          return current;
        }
        const mine = message.author?.id === viewerId;
        const updated: ConversationSummary = {
          ...row,
          unreadCount: mine ? 0 : row.unreadCount + 1,
          lastMessage: {
            id: message.id,
            kind: message.kind,
            authorId: message.author?.id ?? null,
            authorName: message.author?.nickname ?? '',
            excerpt: textOf(message.contentHtml),
            createTime: message.createTime,
          },
        };
        return [updated, ...current.filter((r) => r.id !== row.id)];
      });
    },
    [revalidator, viewerId],
  );
  useConversationEvents(onLive);

  async function loadMore() {
    setLoading(true);
    try {
      const next = await send(conversationActions.list, { cursor });
      setRows((current) => [...current, ...next.results.filter((r) => !current.some((c) => c.id === r.id))]);
      setCursor(next.cursor);
      setHasMore(next.hasMore);
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t('conversation.list.heading')} data-testid="conversation-list">
        {rows.map((row) => (
          <ConversationRow key={row.id} row={row} viewerId={viewerId} />
        ))}
      </ul>
      {hasMore && (
        <div className="border-t border-zinc-100 p-3 text-center dark:border-zinc-800">
          <Button variant="secondary" size="sm" loading={loading} onClick={() => void loadMore()} data-testid="conversation-more">
            {t('conversation.list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The text of sanitized HTML, for an excerpt (the browser parses; nothing is run). */
function textOf(html: string): string {
  if (typeof document === 'undefined') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 140);
}
