/**
 * Following the header's unread count (issue 6 item 4) for ./use-unread-count.ts, which loads
 * this module only while someone is signed in (an anonymous first load never downloads it):
 * `GET /api/user/events` (Server-Sent Events, `event: unread` with `{count}`) delivers a new
 * count within a second. Where EventSource is missing, or the stream fails several times in a
 * row, it polls `GET /api/user/msg_recent` every 30 s instead; while polling it tries the
 * stream again every few minutes and at once when the browser comes back online or the tab
 * becomes visible, and the stream's first event ends the polling (a deploy or a restart costs
 * the live badge only that long).
 */
import { messageActions, UNREAD_STREAM_PATH } from '../../common/actions/messages';
import { ApiError, send } from './api';
import { REFRESH_EVENT } from './use-unread-count';
import { announceConversationEvent, parseConversationEvent } from './conversation-events';
import { CONVERSATION_LIVE_EVENT } from '../../common/views/conversation';

export const UNREAD_POLL_MS = 30_000;
/** Consecutive stream errors (without an event in between) before falling back to polling. */
export const UNREAD_SSE_MAX_ERRORS = 3;
/**
 * While polling, the stream is tried again after a random delay in this range (ms): long
 * enough not to hammer a server that cannot stream, spread so that tabs dropped by one restart
 * do not all come back at once.
 */
export const UNREAD_SSE_RETRY_MS = { min: 2 * 60_000, max: 5 * 60_000 } as const;

/** `{count}` from an `unread` event's data, or null when malformed. */
export function parseUnreadEvent(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    const count = typeof value === 'object' && value !== null ? (value as { count?: unknown }).count : undefined;
    return typeof count === 'number' && Number.isFinite(count) && count >= 0 ? Math.floor(count) : null;
  } catch {
    return null;
  }
}

export interface UnreadSource {
  close(): void;
}

export interface FollowOptions {
  /** Pass `undefined` to force polling (tests; browsers without EventSource). */
  EventSourceImpl?: typeof EventSource;
  pollMs?: number;
  maxErrors?: number;
  /** Delay before trying the stream again while polling; default random in UNREAD_SSE_RETRY_MS. */
  retryMs?: number;
}

function defaultRetryMs(): number {
  return UNREAD_SSE_RETRY_MS.min + Math.random() * (UNREAD_SSE_RETRY_MS.max - UNREAD_SSE_RETRY_MS.min);
}

/** Follows the count for a signed-in user; `onCount` gets every new value. Exported for tests. */
export function followUnreadCount(onCount: (count: number) => void, options: FollowOptions = {}): UnreadSource {
  const EventSourceImpl = 'EventSourceImpl' in options ? options.EventSourceImpl : typeof EventSource === 'undefined' ? undefined : EventSource;
  const pollMs = options.pollMs ?? UNREAD_POLL_MS;
  const maxErrors = options.maxErrors ?? UNREAD_SSE_MAX_ERRORS;
  let closed = false;
  let source: EventSource | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function poll() {
    if (closed) return;
    try {
      const recent = await send(messageActions.recent, {});
      if (!closed) onCount(recent.count);
    } catch (error) {
      // Signed out elsewhere: stop asking until the page knows.
      if (error instanceof ApiError && error.isNotSignedIn) stop();
    }
  }

  function startPolling() {
    if (closed || pollTimer) return;
    void poll();
    pollTimer = setInterval(() => void poll(), pollMs);
  }

  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  }

  function cancelRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  /** Polling, no stream open: try one again later. */
  function scheduleRetry() {
    if (closed || retryTimer || !EventSourceImpl) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retryNow();
    }, options.retryMs ?? defaultRetryMs());
  }

  /** While polling with no stream open, opens one (polling goes on until it delivers). */
  function retryNow() {
    if (closed || source || !pollTimer) return;
    cancelRetry();
    connect();
  }

  function connect() {
    if (!EventSourceImpl) return;
    let errors = 0;
    const stream = new EventSourceImpl(UNREAD_STREAM_PATH, { withCredentials: true });
    source = stream;
    stream.addEventListener('unread', (event) => {
      if (closed || source !== stream) return;
      // The stream works (again): it alone carries the count from now on.
      errors = 0;
      stopPolling();
      cancelRetry();
      const count = parseUnreadEvent((event as MessageEvent).data);
      if (count !== null) onCount(count);
    });
    // Private messages ride the same stream (issue 28): handed to the page as window events.
    stream.addEventListener(CONVERSATION_LIVE_EVENT, (event) => {
      if (closed || source !== stream) return;
      const live = parseConversationEvent((event as MessageEvent).data);
      if (live) announceConversationEvent(live);
    });
    stream.addEventListener('error', () => {
      if (closed || source !== stream) return;
      errors += 1;
      // CLOSED: the browser gave up (e.g. a non-stream answer); else it retries by itself.
      if (stream.readyState === EventSourceImpl.CLOSED || errors >= maxErrors) {
        stream.close();
        source = null;
        startPolling();
        scheduleRetry();
      }
    });
  }

  function stop() {
    closed = true;
    source?.close();
    source = null;
    stopPolling();
    cancelRetry();
  }

  const onRefresh = () => void poll();
  // Back online, or back to the tab: the stream may work again, no need to wait for the timer.
  const onOnline = () => retryNow();
  const onVisible = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') retryNow();
  };

  if (EventSourceImpl) connect();
  else startPolling();
  if (typeof window !== 'undefined') {
    window.addEventListener(REFRESH_EVENT, onRefresh);
    window.addEventListener('online', onOnline);
  }
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);

  return {
    close() {
      stop();
      if (typeof window !== 'undefined') {
        window.removeEventListener(REFRESH_EVENT, onRefresh);
        window.removeEventListener('online', onOnline);
      }
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
