/**
 * CONTRACT — what every page knows about the site and the visitor.
 *
 * The root loader (app/root.tsx) returns `RootData`; read it anywhere with `useRootData()` (or
 * the narrower `useCurrentUser()` / `useSiteConfig()`). `user` is the presented signed-in user
 * (the load context's `sessionUser`: no hash, no token) or null. After a sign-in, sign-out or
 * profile change, call `await useRevalidator().revalidate()`: a plain client navigation does NOT
 * re-run the root loader (React Router keeps loaders of routes that stay mounted), so the header
 * would lag.
 */
import { useRouteLoaderData } from 'react-router';
import { useViewerRoot } from './viewer-parts';
import type { Locale } from '../../common/constants';
import type { SiteConfig } from '../../common/views/site';
import type { TrustState } from '../../common/views/defences';
import type { WarningView } from '../../common/views/warning';
import type { SessionUser } from '../../common/views/user';

export type { SessionUser, SiteConfig };

export interface RootData {
  config: SiteConfig;
  user: SessionUser | null;
  locale: Locale;
  /** The CSP nonce of this document (scripts rendered by React Router carry it). */
  nonce: string;
  /** Unread site messages of the signed-in user (0 until messages exist). */
  unreadCount: number;
  /** Conversations with unread private messages, muted ones left out (issue 28). */
  unreadConversations: number;
  /** Members the reader blocked (issue 28): their posts and comments are collapsed; [] for visitors and on shared renders. */
  blockedIds: number[];
  /** The oldest warning the reader has not acknowledged: a dialog on every page until they do. */
  warning: WarningView | null;
  /**
   * The reader's own trust level and what it holds back (issue 28): a new member's notice above
   * the editors and on the settings pages. Null for visitors and on shared renders.
   */
  trust: TrustState | null;
}

/**
 * The root loader's data; on a member's page served from the shared cache, with their own parts
 * laid over it once they arrive (./viewer-parts.ts), until the root loader runs again for them.
 */
export function useRootData(): RootData {
  const data = useViewerRoot(useRouteLoaderData<RootData>('root'));
  if (!data) throw new Error('useRootData() used outside the root route, or the root loader failed');
  return data;
}

/** Like useRootData but null when the root loader failed (error boundaries). */
export function useOptionalRootData(): RootData | null {
  return useViewerRoot(useRouteLoaderData<RootData>('root')) ?? null;
}

export function useCurrentUser(): SessionUser | null {
  return useRootData().user;
}

export function useSiteConfig(): SiteConfig {
  return useRootData().config;
}
