/**
 * A button's call to the server, the way the back office and the account screens make it: busy
 * while it runs, a success toast, the page's data read again; a refusal shown the usual way
 * (use-api-error.ts). Answers whether it succeeded.
 *
 *   const { busy, run } = useBusyCall();
 *   <Button loading={busy} onClick={() => void run(() => send(…), t('…saved'))}>
 *   run(() => send(…), (answer) => t('…', { count: answer.ended }))   // a toast from the answer
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useToast } from './toast';
import { useApiErrorHandler } from './use-api-error';

export function useBusyCall() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);
  async function run<T>(work: () => Promise<T>, done: string | ((answer: T) => string)): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await work();
      toast.success(typeof done === 'string' ? done : done(answer));
      await revalidator.revalidate();
      return true;
    } catch (error) {
      handleApiError(error);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
