/**
 * The gentle prompt after a member's first comment or reply in this browser: "Get notified of
 * replies on this device?" with Turn on / Not now. Shown once per browser (remembered in
 * localStorage), only when the browser can take notifications and has not been asked yet —
 * never on page load: it waits for the comment box's announcement.
 */
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useT } from '~/lib/use-t';
import { onCommentPosted, promptAnswered, pushSupport, rememberPrompt } from './push-client';
import { switchOn } from './push-toggle';

export function PushPrompt() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      onCommentPosted(() => {
        // Only a browser that can still be asked: not unsupported, not already allowed or blocked.
        if (promptAnswered() || pushSupport() !== 'default') return;
        rememberPrompt('shown');
        setOpen(true);
      }),
    [],
  );

  if (!open) return null;

  async function turnOn() {
    setBusy(true);
    const result = await switchOn();
    setBusy(false);
    if (result.error) return setError(result.error);
    rememberPrompt('on');
    setOpen(false);
  }

  function later() {
    rememberPrompt('later');
    setOpen(false);
  }

  return (
    <div role="region" aria-label={t('push.prompt.question')} className="mt-3 flex flex-col gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-700 dark:bg-zinc-800/60" data-testid="push-prompt">
      <p className="text-sm text-zinc-800 dark:text-zinc-200">{t('push.prompt.question')}</p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={later} disabled={busy} data-testid="push-prompt-later">
          {t('push.prompt.notNow')}
        </Button>
        <Button size="sm" onClick={() => void turnOn()} loading={busy} data-testid="push-prompt-on">
          {t('push.prompt.turnOn')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="push-prompt-error">
          {t(error)}
        </p>
      )}
    </div>
  );
}
