/**
 * One conversation (`/conversations/:id`, issue 28): the messages as chat bubbles (mine on the
 * right in the brand colour, the others' on the left with their face; a group names who wrote),
 * "Load earlier" at the top, the composer below. New messages arrive live over the header's event
 * stream and are marked read while the page is visible; mute and leave in the header. Someone
 * else's message has a discreet "Report" flag beside it; the header blocks the other member of a
 * one-to-one (a group lists its members, each with Block), and a one-to-one with a member the
 * reader blocked shows why they cannot write instead of the composer.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { conversationActions } from '../../../common/actions/conversations';
import type { ConversationDetail, ConversationLiveEvent, ConversationMember, ConversationMessageView } from '../../../common/views/conversation';
import type { Page } from '../../../common/views/page';
import { ReportButton } from '~/components/report/report-dialog';
import { BlockButton } from '~/components/safety/block-button';
import { useIsBlocked } from '~/components/safety/blocked-collapse';
import { Avatar } from '~/components/user/avatar';
import { Button } from '~/components/ui/button';
import { RelativeTime } from '~/components/ui/relative-time';
import { send } from '~/lib/api';
import { useConversationEvents } from '~/lib/conversation-events';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { MemberFaces, memberNames } from './conversation-list';
import { MessageBox } from './message-box';

/** Messages this close together, by the same author, form one run (one face, one time). */
const RUN_GAP_MS = 5 * 60_000;

function oldestFirst(page: Page<ConversationMessageView>): ConversationMessageView[] {
  return [...page.results].reverse();
}

function addMessages(current: ConversationMessageView[], incoming: ConversationMessageView[]): ConversationMessageView[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function sameRun(a: ConversationMessageView | undefined, b: ConversationMessageView | undefined): boolean {
  return !!a && !!b && a.kind === 'text' && b.kind === 'text' && a.author?.id === b.author?.id && b.createTime - a.createTime < RUN_GAP_MS;
}

// Memoized: a new message renders one bubble (and its neighbour's run ends), not the whole thread.
const Bubble = memo(function Bubble({ message, mine, isGroup, first, last }: { message: ConversationMessageView; mine: boolean; isGroup: boolean; first: boolean; last: boolean }) {
  const t = useT();
  if (message.kind === 'left') {
    return (
      <li className="flex justify-center py-2" data-testid="conversation-notice">
        <span className="rounded-full bg-zinc-100 px-3 py-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t('conversation.page.leftNotice', { name: message.author?.nickname ?? '' })}</span>
      </li>
    );
  }
  const author = message.author;
  return (
    <li className={`flex items-end gap-2 ${mine ? 'justify-end' : 'justify-start'} ${first ? 'mt-3' : 'mt-0.5'}`} data-testid="conversation-message" data-mine={mine || undefined} data-message-id={message.id}>
      {!mine && <span className="w-[30px] shrink-0">{last && author ? <Avatar user={author} size={30} /> : null}</span>}
      <div className={`flex max-w-[80%] min-w-0 flex-col sm:max-w-[70%] ${mine ? 'items-end' : 'items-start'}`}>
        {!mine && isGroup && first && author && <span className="mb-0.5 px-3 text-xs font-medium text-zinc-600 dark:text-zinc-400">{author.nickname}</span>}
        <div className={`group flex max-w-full items-center gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
          {message.removed ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 px-3.5 py-2 text-sm text-zinc-500 italic dark:border-zinc-700 dark:text-zinc-400">{t('conversation.page.removed')}</p>
        ) : (
          <div
            className={`rich-text rounded-2xl px-3.5 py-2 text-[0.9375rem] break-words [&_img]:max-h-72 [&_img]:rounded-lg [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 ${
              mine
                ? `bg-brand-700 text-white [&_a]:text-white [&_a]:underline [&_blockquote]:border-white/50 [&_blockquote]:text-white/90 [&_code]:bg-white/15 [&_code]:text-white ${last ? 'rounded-br-md' : ''}`
                : `bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100 ${last ? 'rounded-bl-md' : ''}`
            }`}
            data-testid="conversation-message-content"
            // Sanitized by the server on write (the comments' pipeline); never raw input.
            dangerouslySetInnerHTML={{ __html: message.contentHtml }}
          />
        )}
          {/* Discreet on a pointer screen (shown on hover or focus), always there on a touch one. */}
          {!mine && !message.removed && author && (
            <ReportButton target={{ type: 'conversation_message', id: message.id, authorId: author.id }} look="icon" className="pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100" />
          )}
        </div>
        {last && <RelativeTime time={message.createTime} className="mt-1 px-1 text-[0.6875rem] text-zinc-500 dark:text-zinc-400" />}
      </div>
    </li>
  );
});

/** A group's members (the reader aside), each with Block: opened from the header's "N people". */
function MemberList({ id, members }: { id: string; members: ConversationMember[] }) {
  const t = useT();
  return (
    <ul id={id} aria-label={t('conversation.page.memberList')} className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" data-testid="conversation-member-list">
      {members.map((member) => (
        <li key={member.id} className="flex items-center gap-3 px-3 py-2" data-testid="conversation-member">
          <Avatar user={member} size={30} />
          <Link to={paths.user(member.id)} className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-100">
            {member.nickname}
          </Link>
          <BlockButton user={member} />
        </li>
      ))}
    </ul>
  );
}

/** In place of the composer when the reader blocked the other member of a one-to-one: why, and the way back. */
function BlockedNotice({ partner }: { partner: ConversationMember }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-1" role="status" data-testid="conversation-blocked-notice">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('conversation.page.blockedNotice', { name: partner.nickname })}</p>
      <BlockButton user={partner} />
    </div>
  );
}

export function ConversationThread({ detail, initial, viewerId }: { detail: ConversationDetail; initial: Page<ConversationMessageView>; viewerId: number }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const handleApiError = useApiErrorHandler();
  const [messages, setMessages] = useState(() => oldestFirst(initial));
  const [cursor, setCursor] = useState(initial.cursor);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [muted, setMuted] = useState(detail.muted);
  const [busy, setBusy] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const keepOffset = useRef<number | null>(null);
  const others = detail.members.filter((m) => m.id !== viewerId && !m.left);
  const lastId = messages.at(-1)?.id ?? 0;
  // A one-to-one's other member (a group has none): the header's Block, the composer's notice.
  const partner = detail.isGroup ? undefined : others[0];
  const partnerBlocked = useIsBlocked(partner?.id);
  const membersId = `conversation-${detail.id}-members`;

  // Read up to what the page shows, while it is visible (the header's count follows over the stream).
  const readUpTo = useRef(detail.lastReadId);
  const markRead = useCallback(
    (upTo: number) => {
      if (upTo <= readUpTo.current || document.visibilityState !== 'visible') return;
      readUpTo.current = upTo;
      void send(conversationActions.markRead, { id: detail.id, upTo }).catch(() => undefined);
    },
    [detail.id],
  );
  useEffect(() => {
    markRead(lastId);
    const onVisible = () => markRead(lastId);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [lastId, markRead]);

  // The newest message in view: at first, and when one arrives (earlier pages keep their place).
  useLayoutEffect(() => {
    if (keepOffset.current !== null) {
      window.scrollTo({ top: document.documentElement.scrollHeight - keepOffset.current });
      keepOffset.current = null;
      return;
    }
    // The composer is last: the page's end shows the newest message just above it.
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [lastId]);

  const onLive = useCallback(
    (event: ConversationLiveEvent) => {
      if (event.conversationId !== detail.id || !event.message) return;
      const message = event.message;
      setMessages((current) => addMessages(current, [message]));
    },
    [detail.id],
  );
  useConversationEvents(onLive);

  async function loadEarlier() {
    setLoadingEarlier(true);
    try {
      const page = await send(conversationActions.messages, { id: detail.id, cursor });
      keepOffset.current = document.documentElement.scrollHeight - window.scrollY;
      setMessages((current) => addMessages(current, page.results));
      setCursor(page.cursor);
      setHasMore(page.hasMore);
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoadingEarlier(false);
    }
  }

  // Stable, so the composer (the editor) does not render again with every message that arrives.
  const sendMessage = useCallback(
    async (message: { content: string; contentType: 'html' | 'markdown' }) => {
      const sent = await send(conversationActions.send, { id: detail.id, ...message });
      readUpTo.current = Math.max(readUpTo.current, sent.id);
      setMessages((current) => addMessages(current, [sent]));
      toast.success(t('conversation.page.sent'));
    },
    [detail.id, toast, t],
  );

  async function toggleMute() {
    setBusy(true);
    try {
      const state = await send(conversationActions.mute, { id: detail.id, muted: !muted });
      setMuted(state.muted);
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    if (!window.confirm(t(detail.isGroup ? 'conversation.page.leaveGroupConfirm' : 'conversation.page.leaveConfirm'))) return;
    setBusy(true);
    try {
      await send(conversationActions.leave, { id: detail.id });
      void navigate(paths.conversations);
    } catch (error) {
      handleApiError(error);
      setBusy(false);
    }
  }

  const names = memberNames(others, t);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 pb-6 sm:py-6">
      <header className="sticky top-14 z-10 -mx-4 flex items-center gap-2 sm:gap-3 border-b border-zinc-200 bg-white/95 px-4 py-2.5 backdrop-blur sm:mx-0 sm:rounded-xl sm:border dark:border-zinc-800 dark:bg-zinc-900/95">
        <Link to={paths.conversations} className="-ml-1 rounded-md p-1 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800" aria-label={t('conversation.page.back')} data-testid="conversation-back">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
            <path d="m15 18-6-6 6-6" />
          </svg>
        </Link>
        <MemberFaces members={others} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold text-zinc-900 dark:text-zinc-50" data-testid="conversation-title">
            {names || t('conversation.title')}
          </h1>
          {detail.isGroup && (
            <button
              type="button"
              onClick={() => setShowMembers((shown) => !shown)}
              aria-expanded={showMembers}
              aria-controls={membersId}
              className="text-xs text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400"
              data-testid="conversation-members-toggle"
            >
              {t('conversation.page.members', { count: others.length + 1 })}
            </button>
          )}
        </div>
        <div className="flex shrink-0 items-center sm:gap-1" role="group" aria-label={t('conversation.page.actions')}>
          {/* Once blocked, Unblock is the composer's notice: the header stays short on a phone. */}
          {partner && !partnerBlocked && <BlockButton user={partner} className="max-sm:px-2" />}
          <Button variant="ghost" size="sm" onClick={() => void toggleMute()} disabled={busy} aria-pressed={muted} className="max-sm:px-2" data-testid="conversation-mute">
            {muted ? t('conversation.page.unmute') : t('conversation.page.mute')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => void leave()} disabled={busy} className="max-sm:px-2" data-testid="conversation-leave">
            {t('conversation.page.leave')}
          </Button>
        </div>
      </header>
      {detail.isGroup && showMembers && <MemberList id={membersId} members={others} />}
      {muted && (
        <p className="rounded-md bg-zinc-100 px-3 py-2 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" data-testid="conversation-muted-note">
          {t('conversation.page.mutedNote')}
        </p>
      )}
      {hasMore && (
        <div className="text-center">
          <Button variant="secondary" size="sm" loading={loadingEarlier} onClick={() => void loadEarlier()} data-testid="conversation-earlier">
            {t('conversation.page.loadEarlier')}
          </Button>
        </div>
      )}
      <ol className="flex flex-col px-0.5" aria-label={t('conversation.page.with', { names })} aria-live="polite" aria-relevant="additions" data-testid="conversation-messages">
        {messages.map((message, i) => (
          <Bubble
            key={message.id}
            message={message}
            mine={message.author?.id === viewerId && message.kind === 'text'}
            isGroup={detail.isGroup}
            first={!sameRun(messages[i - 1], message)}
            last={!sameRun(message, messages[i + 1])}
          />
        ))}
      </ol>
      <div className="-mx-4 border-t border-zinc-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:mx-0 sm:rounded-xl sm:border dark:border-zinc-800 dark:bg-zinc-900">
        {partner && partnerBlocked ? <BlockedNotice partner={partner} /> : <MessageBox onSubmit={sendMessage} />}
      </div>
    </div>
  );
}
