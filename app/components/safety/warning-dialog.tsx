/**
 * A formal warning the member must acknowledge (issue 28): shown over every page (the root data
 * carries the oldest unacknowledged one) until they click "I understand"; it cannot be dismissed
 * otherwise. Acknowledging refreshes the root data, which brings the next one, if any.
 */
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { warningActions } from '../../../common/actions/warnings';
import { Button } from '~/components/ui/button';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { send } from '~/lib/api';
import { useOptionalRootData } from '~/lib/session';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export function WarningDialog() {
  const t = useT();
  const root = useOptionalRootData();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  const warning = root?.warning ?? null;
  if (!warning) return null;

  async function acknowledge(id: number) {
    setBusy(true);
    try {
      await send(warningActions.acknowledge, { id });
      await revalidator.revalidate();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[150] bg-zinc-950/60 backdrop-blur-[1px]" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-[151] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-amber-300 bg-white p-5 shadow-xl dark:border-amber-700 dark:bg-zinc-900"
          data-testid="warning-dialog"
        >
          <AlertDialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">{t('safety.warning.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('safety.warning.intro')}</AlertDialog.Description>
          <blockquote className="mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm break-words whitespace-pre-wrap text-zinc-900 dark:bg-amber-950/40 dark:text-zinc-100" data-testid="warning-reason">
            {warning.reason}
          </blockquote>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            {t('safety.warning.sentAt')} <LocalDateTime time={warning.createTime} />
          </p>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action asChild>
              <Button
                loading={busy}
                onClick={(event) => {
                  // The dialog closes when the server agrees (the root data no longer carries it).
                  event.preventDefault();
                  void acknowledge(warning.id);
                }}
                data-testid="warning-acknowledge"
              >
                {t('safety.warning.acknowledge')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
