/**
 * Rejecting held posts: the reason every author will read (required, at most REJECT_REASON_MAX),
 * for one post or the selection. The field error comes back from the server under the field.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../common/errors';
import { REJECT_REASON_MAX } from '../../../common/validation/review';
import { ApiError } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';

export function RejectDialog({ count, open, onOpenChange, onReject }: { count: number; open: boolean; onOpenChange: (open: boolean) => void; onReject: (reason: string) => Promise<void> }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onReject(reason);
      setReason('');
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.errorCode === ErrorCode.Validation && failure.fields?.reason) setError(failure.fields.reason);
      else {
        onOpenChange(false);
        handleApiError(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('adminReview.rejectDialog.title', { count })}
      description={t('adminReview.rejectDialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('adminReview.rejectDialog.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={busy} data-testid="reject-submit">
            {t('adminReview.rejectDialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('adminReview.rejectDialog.reason')} required error={error} hint={t('adminReview.rejectDialog.hint', { max: REJECT_REASON_MAX })}>
          {(control) => <Textarea {...control} rows={3} maxLength={REJECT_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} data-testid="reject-reason" />}
        </Field>
      </form>
    </Dialog>
  );
}
