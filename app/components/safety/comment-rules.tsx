/**
 * What an item allows of new comments (issue 28), above its comment section: the lock ("This
 * topic is locked: no new comments") and slow mode ("one comment every 2 minutes"). The item's
 * own data, on the page everyone shares: a change drops the item's cached page.
 */
import { LockIcon } from '~/components/ui/icons';
import { useT } from '~/lib/use-t';

export interface CommentRules {
  locked: boolean;
  slowModeSeconds: number;
}

export const NO_RULES: CommentRules = { locked: false, slowModeSeconds: 0 };

/** "2 minutes", "45 seconds", "1 hour": the largest whole unit. */
export function useInterval(): (seconds: number) => string {
  const t = useT();
  return (seconds) => {
    if (seconds % 3600 === 0) return t('safety.lock.hours', { count: seconds / 3600 });
    if (seconds % 60 === 0) return t('safety.lock.minutes', { count: seconds / 60 });
    return t('safety.lock.seconds', { count: seconds });
  };
}

export function CommentRulesNotice({ kind, rules }: { kind: 'topic' | 'article'; rules: CommentRules }) {
  const t = useT();
  const interval = useInterval();
  if (!rules.locked && rules.slowModeSeconds <= 0) return null;
  return (
    <div className="mb-4 space-y-2">
      {rules.locked && (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid="comments-locked">
          <LockIcon className="size-4 shrink-0" />
          {t(kind === 'article' ? 'safety.lock.lockedArticle' : 'safety.lock.locked')}
        </p>
      )}
      {!rules.locked && rules.slowModeSeconds > 0 && (
        <p className="rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-2.5 text-sm text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800/50 dark:text-zinc-300" data-testid="comments-slow-mode">
          {t('safety.lock.slowMode', { interval: interval(rules.slowModeSeconds) })}
        </p>
      )}
    </div>
  );
}
