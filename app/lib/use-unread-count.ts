/**
 * The header's live unread count (issue 6 item 4): the root loader's count, replaced by live
 * values while someone is signed in (./unread-follower.ts: Server-Sent Events, polling as the
 * fallback). Closed on sign-out and unmount.
 *
 * `refreshUnreadCount()` asks msg_recent for a fresh count at once (e.g. after a page marked
 * messages read, whose loader may have raced the root loader's count).
 */
import { useEffect, useState } from 'react';

export const REFRESH_EVENT = 'sabai:unread-refresh';

export function refreshUnreadCount(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(REFRESH_EVENT));
}

/** The count to show: the loader's, replaced by live values while `userId` is signed in. */
export function useUnreadCount(serverCount: number, userId: number | null): number {
  const [live, setLive] = useState<number | null>(null);
  const [seen, setSeen] = useState(serverCount);
  // A fresher loader count (a navigation, a revalidation) replaces an older live value.
  if (seen !== serverCount) {
    setSeen(serverCount);
    setLive(null);
  }
  useEffect(() => {
    if (userId === null) return;
    let follower: { close(): void } | null = null;
    let unmounted = false;
    // The follower is a separate chunk: anonymous visitors never download it.
    void import('./unread-follower').then(({ followUnreadCount }) => {
      if (!unmounted) follower = followUnreadCount((count) => setLive(count));
    });
    return () => {
      unmounted = true;
      follower?.close();
      setLive(null);
    };
  }, [userId]);
  if (userId === null) return 0;
  return live ?? serverCount;
}
