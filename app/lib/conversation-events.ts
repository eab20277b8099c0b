/**
 * Live private messages in the browser (issue 28): the header's event stream (`GET
 * /api/user/events`, opened once per tab by ./unread-follower.ts) carries `event: conversation`;
 * the follower hands each one to the page as a window event, so the header's count and an open
 * conversation page hear the same stream (no second connection per tab).
 */
import { useEffect, useState } from 'react';
import type { ConversationLiveEvent } from '../../common/views/conversation';

export const CONVERSATION_WINDOW_EVENT = 'sabai:conversation';

/** The event's data, or null when malformed. */
export function parseConversationEvent(data: unknown): ConversationLiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<ConversationLiveEvent> | null;
    if (!value || typeof value.conversationId !== 'number' || typeof value.unreadConversations !== 'number') return null;
    return value as ConversationLiveEvent;
  } catch {
    return null;
  }
}

/** Hands one stream event to the page (the follower calls it). */
export function announceConversationEvent(event: ConversationLiveEvent): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<ConversationLiveEvent>(CONVERSATION_WINDOW_EVENT, { detail: event }));
}

/** Calls `handler` with every live conversation event while mounted. */
export function useConversationEvents(handler: (event: ConversationLiveEvent) => void): void {
  useEffect(() => {
    const listener = (event: Event) => handler((event as CustomEvent<ConversationLiveEvent>).detail);
    window.addEventListener(CONVERSATION_WINDOW_EVENT, listener);
    return () => window.removeEventListener(CONVERSATION_WINDOW_EVENT, listener);
  }, [handler]);
}

/** The header's count of conversations with unread messages: the loader's, then live values. */
export function useUnreadConversations(serverCount: number, userId: number | null): number {
  const [live, setLive] = useState<number | null>(null);
  const [seen, setSeen] = useState(serverCount);
  if (seen !== serverCount) {
    setSeen(serverCount);
    setLive(null);
  }
  useEffect(() => {
    if (userId === null) return;
    const listener = (event: Event) => setLive((event as CustomEvent<ConversationLiveEvent>).detail.unreadConversations);
    window.addEventListener(CONVERSATION_WINDOW_EVENT, listener);
    return () => window.removeEventListener(CONVERSATION_WINDOW_EVENT, listener);
  }, [userId]);
  if (userId === null) return 0;
  return live ?? serverCount;
}
