/**
 * Staff send a member a formal warning (issue 28, POST admin/user/warn): the reason the member
 * will read and must acknowledge. Checked with the API's schema first; the server's refusal
 * (staff cannot be warned) comes back translated under the form.
 */
import { useId } from 'react';
import { warningActions } from '../../../common/actions/warnings';
import { WARNING_REASON_MAX } from '../../../common/validation/warning';
import { FormAlert } from '~/components/account/auth-card';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Textarea } from '~/components/ui/input';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export function WarnDialog({ member, open, onOpenChange, onWarned }: { member: { id: number; nickname: string }; open: boolean; onOpenChange: (open: boolean) => void; onWarned?: () => void }) {
  const t = useT();
  const toast = useToast();
  const formId = useId();
  const initial = { userId: member.id, reason: '' };
  const { form, submit, submitting, errorFor, formError } = useSchemaForm(warningActions.warn, initial, {
    onSaved: () => {
      toast.success(t('safety.warning.sent', { name: member.nickname }));
      form.reset(initial);
      onOpenChange(false);
      onWarned?.();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('safety.warning.dialogTitle', { name: member.nickname })}
      footer={
        <Button variant="danger" type="submit" form={formId} loading={submitting} data-testid="warn-submit">
          {t('safety.warning.send')}
        </Button>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <FormAlert message={formError} />
        <Field label={t('safety.warning.reason')} required error={errorFor('reason')}>
          {(control) => <Textarea {...control} {...form.register('reason')} rows={4} maxLength={WARNING_REASON_MAX} data-testid="warn-reason" />}
        </Field>
      </form>
    </Dialog>
  );
}
