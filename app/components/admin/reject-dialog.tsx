/**
 * Rejecting held posts: the reason every author will read (required, at most REJECT_REASON_MAX),
 * for one post or the selection. Checked with the API's own schema before sending; the server's
 * field error comes back under the field (the site's form helper, ~/lib/use-schema-form.ts).
 */
import { useId } from 'react';
import { REJECT_REASON_MAX, rejectSchema } from '../../../common/validation/review';
import { useT } from '~/lib/use-t';
import { FormAlert } from '../account/auth-card';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';
import { useSchemaForm } from '~/lib/use-schema-form';

/** The dialog's one field; the kind and the ids come from the page. */
const reasonSchema = rejectSchema.pick({ reason: true });

export function RejectDialog({ count, open, onOpenChange, onReject }: { count: number; open: boolean; onOpenChange: (open: boolean) => void; onReject: (reason: string) => Promise<void> }) {
  const t = useT();
  const formId = useId();
  const { form, submit, submitting, errorFor, formError } = useSchemaForm(
    reasonSchema,
    { reason: '' },
    {
      onValid: async ({ reason }) => {
        await onReject(reason);
        form.reset();
        onOpenChange(false);
      },
      // Anything but a field error (the posts were decided meanwhile…) closes the dialog and toasts.
      onFailure: () => {
        onOpenChange(false);
        return false;
      },
    },
  );

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
          <Button variant="danger" type="submit" form={formId} loading={submitting} data-testid="reject-submit">
            {t('adminReview.rejectDialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <FormAlert message={formError} />
        <Field label={t('adminReview.rejectDialog.reason')} required error={errorFor('reason')} hint={t('adminReview.rejectDialog.hint', { max: REJECT_REASON_MAX })}>
          {(control) => <Textarea {...control} {...form.register('reason')} rows={3} maxLength={REJECT_REASON_MAX} data-testid="reject-reason" />}
        </Field>
      </form>
    </Dialog>
  );
}
