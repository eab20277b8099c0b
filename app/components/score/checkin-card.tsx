/**
 * The daily check-in card (home side column, /user/scores): a visitor is asked to sign in; a
 * member sees today's state (fetched after load on the shared home page, given by the loader on
 * /user/scores), checks in with one click, and sees the streak and the points it earned.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { CheckinResult, CheckinState } from '../../../common/views/score';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { send } from '~/lib/api';
import { signInPath } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { CalendarCheckIcon, FlameIcon } from './icons';
import { BannedPanel } from '~/components/moderation/ban-notice';

function Streak({ state }: { state: CheckinState }) {
  const t = useT();
  if (state.consecutiveDays === 0) return <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('score.checkin.noStreak')}</p>;
  return (
    <p className="mt-1.5 flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300" data-testid="checkin-streak">
      <FlameIcon className="size-4 text-orange-600 dark:text-orange-400" />
      {t('score.checkin.streak', { count: state.consecutiveDays })}
    </p>
  );
}

/**
 * The score contracts, imported when first used: with their schemas they bring zod, which the
 * home page an anonymous visitor reads never needs (ADR 0034).
 */
const scoreContracts = () => import('../../../common/actions/scores').then((m) => m.scoreActions);

const NOT_CHECKED_IN: CheckinState = { checkedInToday: false, consecutiveDays: 0, latestDay: 0 };

function MemberCheckin({ initial, onCheckedIn }: { initial: CheckinState | null; onCheckedIn?: (result: CheckinResult) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useState<CheckinState | null>(initial);
  const [busy, setBusy] = useState(false);

  async function refresh() {
    try {
      setState(await send((await scoreContracts()).checkinState, {}));
    } catch (error) {
      handleApiError(error);
    }
  }

  useEffect(() => {
    if (initial) return;
    // The shared (cached) home page carries no member state: ask once after load. Should that
    // fail, offer the button; a check-in already made answers 409 and the state is read again.
    const controller = new AbortController();
    scoreContracts()
      .then((contracts) => send(contracts.checkinState, {}, { signal: controller.signal }))
      .then(setState, () => {
        if (!controller.signal.aborted) setState(NOT_CHECKED_IN);
      });
    return () => controller.abort();
  }, [initial]);

  async function checkIn() {
    if (busy) return;
    setBusy(true);
    try {
      const result = await send((await scoreContracts()).checkin, {});
      setState((s) => ({ checkedInToday: true, consecutiveDays: result.consecutiveDays, latestDay: s?.latestDay ?? 0 }));
      toast.success(t('score.checkin.earned', { score: result.score }));
      onCheckedIn?.(result);
    } catch (error) {
      handleApiError(error);
      // Checked in elsewhere (another tab): show what is true now.
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  if (!state) return <div className="mt-3 h-9 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-hidden="true" />;
  return (
    <>
      <Streak state={state} />
      <div className="mt-3">
        {state.checkedInToday ? (
          <p className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-emerald-50 px-3 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" data-testid="checkin-done">
            <CalendarCheckIcon className="size-4" />
            {t('score.checkin.done')}
          </p>
        ) : (
          <Button size="sm" onClick={() => void checkIn()} loading={busy} data-testid="checkin-button">
            <CalendarCheckIcon className="size-4" />
            {t('score.checkin.action')}
          </Button>
        )}
      </div>
    </>
  );
}

export function CheckinCard({ initial = null, onCheckedIn }: { initial?: CheckinState | null; onCheckedIn?: (result: CheckinResult) => void }) {
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  return (
    <Card className="p-4" data-testid="checkin-card">
      <h2 className="flex items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        <CalendarCheckIcon className="text-brand-700 dark:text-brand-300 size-4" />
        {t('score.checkin.title')}
      </h2>
      {user && user.forbidden.until !== 0 ? (
        <BannedPanel what="checkin" className="mt-2" />
      ) : user ? (
        <MemberCheckin key={user.id} initial={initial} onCheckedIn={onCheckedIn} />
      ) : (
        <div data-guest-only="">
          <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('score.checkin.visitor')}</p>
          <ButtonLink to={signInPath(location.pathname + location.search)} variant="secondary" size="sm" className="mt-3">
            {t('score.checkin.signIn')}
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}
