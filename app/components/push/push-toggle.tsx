/**
 * "Turn on notifications on this device" (issue 27): the notifications settings page places it.
 * It shows what this browser can do — unsupported, blocked (with how to undo it), off (the
 * button), on ("Turn off on this device") — and asks for permission only when the button is
 * clicked, never when the page loads.
 */
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useT } from '~/lib/use-t';
import { currentSubscription, pushSupport, turnOffPush, turnOnPush } from './push-client';

export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** What this browser's state is now (no permission asked). */
export async function readPushState(): Promise<PushState> {
  const support = pushSupport();
  if (support === 'unsupported' || support === 'denied') return support;
  if (support !== 'granted') return 'off';
  try {
    return (await currentSubscription()) ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/** Turns notifications on for this device: the state after, or an error key. */
export async function switchOn(): Promise<{ state: PushState; error: string | null }> {
  try {
    const result = await turnOnPush();
    if (result === 'on') return { state: 'on', error: null };
    return { state: result === 'denied' ? 'denied' : 'off', error: null };
  } catch {
    return { state: pushSupport() === 'denied' ? 'denied' : 'off', error: 'push.toggle.failed' };
  }
}

export function PushToggle() {
  const t = useT();
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void readPushState().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);

  async function on() {
    setBusy(true);
    setError(null);
    const result = await switchOn();
    setState(result.state);
    setError(result.error);
    setBusy(false);
  }

  async function off() {
    setBusy(true);
    setError(null);
    try {
      await turnOffPush();
      setState('off');
    } catch {
      setError('push.toggle.offFailed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2" data-testid="push-toggle" data-state={state}>
      {state === 'unsupported' && <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('push.toggle.unsupported')}</p>}
      {state === 'denied' && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="push-denied">
          {t('push.toggle.denied')}
        </p>
      )}
      {(state === 'off' || state === 'checking') && (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('push.toggle.off')}</p>
          <Button size="sm" onClick={() => void on()} loading={busy} disabled={state === 'checking'} data-testid="push-on">
            {busy ? t('push.toggle.working') : t('push.toggle.turnOn')}
          </Button>
        </>
      )}
      {state === 'on' && (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status">
            {t('push.toggle.on')}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void off()} loading={busy} data-testid="push-off">
            {t('push.toggle.turnOff')}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="push-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
