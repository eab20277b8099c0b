/**
 * Reporting an item to the moderators (issue 28): "Report" in an item's action bar, a comment's
 * actions or a profile opens a dialog with the reasons (spam, harassment, scam, off-topic,
 * other with the member's words); after sending, a translated confirmation (or "already
 * reported", which changed nothing). Checked with the API's own schema; a refusal (one's own
 * item, a pause after dismissed reports with its end) stays in the dialog. Offered to signed-in
 * members about someone else's item only.
 */
import { useId, useState } from 'react';
import { reportActions } from '../../../common/actions/reports';
import { REPORT_LIMITS, REPORT_REASONS, type ReportReason, type ReportType } from '../../../common/validation/reports';
import { useCurrentUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { UI_TIMING } from '../../../common/constants';
import { useT } from '~/lib/use-t';
import { choiceCardClass } from '../ui/choice';
import { FormAlert } from '../account/auth-card';
import { FlagIcon } from '../topic/icons';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';

export interface ReportTarget {
  type: ReportType;
  id: number;
  /** Who wrote it: nobody reports their own. */
  authorId: number | null;
}

export function ReportDialog({ target, open, onOpenChange }: { target: ReportTarget; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const toast = useToast();
  const formId = useId();
  const initial = { type: target.type, id: target.id, reason: 'spam' as ReportReason, text: '' };
  const { form, submit, submitting, errorFor, formError } = useSchemaForm(reportActions.create, initial, {
    inlineErrors: true,
    onSaved: (answer) => {
      // A sentence to read, not a tick: it stays as long as an error would.
      toast.success(t(answer.status === 'reported' ? 'reports.sent' : 'reports.already'), { durationMs: UI_TIMING.toastMs });
      form.reset(initial);
      onOpenChange(false);
    },
  });
  const reason = form.watch('reason');
  const textError = errorFor('text');

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`reports.dialog.title.${target.type}`)}
      description={t('reports.dialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('reports.dialog.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={submitting} data-testid="report-submit">
            {t('reports.dialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate data-testid="report-form">
        <FormAlert message={formError} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('reports.dialog.reasonLabel')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={`${choiceCardClass(reason === value)} items-center gap-2 px-3 py-2`}
              >
                <input type="radio" value={value} {...form.register('reason')} className="accent-brand-600 size-4" data-testid={`report-reason-${value}`} />
                {t(`reports.reasons.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t('reports.dialog.textLabel')} required={reason === 'other'} error={textError} hint={t('reports.dialog.textHint', { max: REPORT_LIMITS.textMax })}>
          {(control) => <Textarea {...control} {...form.register('text')} rows={3} maxLength={REPORT_LIMITS.textMax} data-testid="report-text" />}
        </Field>
      </form>
    </Dialog>
  );
}

const TRIGGER: Record<'button' | 'action' | 'icon', string> = {
  button: 'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  // Icon only (its name is the dialog's title): beside a chat bubble, where a word per message would crowd.
  icon: 'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
  action:
    'inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-[0.8125rem] font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
};

/** The "Report" entry and its dialog; nothing for visitors or about one's own item. */
export function ReportButton({ target, look = 'button', className = '' }: { target: ReportTarget; look?: 'button' | 'action' | 'icon'; className?: string }) {
  const t = useT();
  const viewer = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!viewer || viewer.id === target.authorId) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`${TRIGGER[look]} ${className}`}
        aria-label={look === 'icon' ? t(`reports.dialog.title.${target.type}`) : undefined}
        title={look === 'icon' ? t(`reports.dialog.title.${target.type}`) : undefined}
        data-testid={`report-${target.type}`}
      >
        <FlagIcon className="size-4" />
        {look !== 'icon' && t('reports.menu')}
      </button>
      {open && <ReportDialog target={target} open={open} onOpenChange={setOpen} />}
    </>
  );
}
