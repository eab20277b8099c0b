/**
 * A blocked member's post or comment, collapsed for the member who blocked them (issue 28):
 * "Hidden: you blocked Alice" and one click to show it. The blocked ids are the reader's own data
 * (the root loader, run for them after the shared page hydrates), so the page everyone shares
 * stays the same and the collapse appears only in the blocker's browser.
 */
import { useState, type ReactNode } from 'react';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

/** Whether the reader blocked this member. */
export function useIsBlocked(userId: number | undefined | null): boolean {
  const { blockedIds } = useRootData();
  return userId !== undefined && userId !== null && blockedIds.includes(userId);
}

export function BlockedCollapse({ author, children, className = '' }: { author: { id: number; nickname: string } | null | undefined; children: ReactNode; className?: string }) {
  const t = useT();
  const blocked = useIsBlocked(author?.id);
  const [shown, setShown] = useState(false);
  if (!blocked || !author) return <>{children}</>;
  if (shown) {
    return (
      <div data-testid="blocked-shown">
        {children}
        <button type="button" onClick={() => setShown(false)} className="mt-1 text-xs text-zinc-500 underline-offset-2 hover:underline dark:text-zinc-400">
          {t('safety.block.hide')}
        </button>
      </div>
    );
  }
  return (
    <div className={`flex items-center justify-between gap-3 rounded-lg border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400 ${className}`} data-testid="blocked-collapsed">
      <span>{t('safety.block.hidden', { name: author.nickname })}</span>
      <button type="button" onClick={() => setShown(true)} className="shrink-0 font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100" data-testid="blocked-show">
        {t('safety.block.show')}
      </button>
    </div>
  );
}
