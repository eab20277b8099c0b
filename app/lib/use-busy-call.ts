/**
 * A button's call to the server, the way the account screens make it: busy while it runs, a
 * refusal shown the usual way (use-api-error.ts), and on success the page's data read again.
 *
 *   const { busy, run } = useBusyCall();
 *   <Button loading={busy} onClick={() => void run(() => send(…), (answer) => toast.success(…))}>
 */
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useApiErrorHandler } from './use-api-error';

export function useBusyCall(): { busy: boolean; run: <T>(call: () => Promise<T>, done?: (answer: T) => void) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const run = useCallback(
    async <T,>(call: () => Promise<T>, done?: (answer: T) => void): Promise<boolean> => {
      setBusy(true);
      try {
        const answer = await call();
        done?.(answer);
        await revalidator.revalidate();
        return true;
      } catch (error) {
        handleApiError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [revalidator, handleApiError],
  );
  return { busy, run };
}
