/**
 * The banned member's own notice, above every page while the ban runs: until when (or that it
 * is permanent), the moderator's reason, and what it stops. The server refuses their writes
 * with the same words (403, errorCode 3); this says so before they try.
 */
import { useCurrentUser } from '~/lib/session';
import { useT } from '~/lib/use-t';
import { LocalDateTime } from './local-date-time';

export function BanNotice() {
  const user = useCurrentUser();
  const t = useT();
  const until = user?.forbidden.until ?? 0;
  if (!user || until === 0) return null;
  return (
    <div role="status" data-testid="ban-notice" className="border-b border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/70 dark:text-red-100">
      <div className="mx-auto max-w-6xl space-y-0.5 px-4 py-2.5 text-sm">
        <p className="font-medium">
          <BanEnd until={until} untilKey="ban.notice.until" foreverKey="ban.notice.forever" />{' '}
          {user.banReason && <span>{t('ban.notice.reason', { reason: user.banReason })}</span>}
        </p>
        <p className="text-red-800/90 dark:text-red-200/90">{t('ban.notice.effects')}</p>
      </div>
    </div>
  );
}

/** When the ban ends (`untilKey`, with the date as a <time>), or that it never does (`foreverKey`). */
function BanEnd({ until, untilKey, foreverKey }: { until: number; untilKey: string; foreverKey: string }) {
  const t = useT();
  if (until === -1) return <>{t(foreverKey)}</>;
  // "{{until}}" is split around the date so the date can be a <time> element.
  const [before, after] = String(t(untilKey, { until: '\u0000' })).split('\u0000');
  return (
    <>
      {before}
      <LocalDateTime time={until} />
      {after}
    </>
  );
}

/** The signed-in member's running ban's end (−1: permanent), or 0 when they are not banned. */
export function useBanUntil(): number {
  return useCurrentUser()?.forbidden.until ?? 0;
}

/**
 * In place of an editor or a control a ban closes (a new topic or article, a comment, the
 * check-in): why, and until when in the site's time zone — offered nothing the server would
 * refuse only after the member acted (issue 31 item 7, defect 4).
 */
export function BannedPanel({ what, className = '' }: { what: 'post' | 'comment' | 'checkin'; className?: string }) {
  const until = useBanUntil();
  const t = useT();
  if (until === 0) return null;
  return (
    <div role="note" data-testid="banned-panel" className={`rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/70 dark:text-red-100 ${className}`}>
      <p className="font-medium">{t(`ban.blocked.${what}`)}</p>
      <p className="mt-0.5 text-red-800/90 dark:text-red-200/90">
        <BanEnd until={until} untilKey="ban.blocked.until" foreverKey="ban.blocked.forever" />
      </p>
    </div>
  );
}
