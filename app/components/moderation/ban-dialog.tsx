/**
 * The ban dialog (spec §4): 7 days or forever, and a reason the member will read; a forever ban
 * may also hide the member's topics, articles and comments until it is lifted (issue 16). The server
 * decides who may ban whom; its refusal (self, rank) comes back translated and is shown in the
 * dialog, prefixed as spec §8 words it ('Failed to ban user'). Field errors sit under their field.
 */
import { useId, useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../common/errors';
import { BAN_REASON_MAX, type BanDays } from '../../../common/policy';
import { api, ApiError } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';

export interface BanTarget {
  id: number;
  nickname: string;
}

export function BanDialog({ member, open, onOpenChange, onBanned }: { member: BanTarget; open: boolean; onOpenChange: (open: boolean) => void; onBanned: () => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const formId = useId();
  const [days, setDays] = useState<BanDays>(7);
  const [reason, setReason] = useState('');
  // Only a forever ban may hide the member's content (the server refuses it with 7 days).
  const [hideContent, setHideContent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setRefusal(null);
    try {
      await api('/api/admin/user/ban', { method: 'POST', body: { userId: member.id, days, reason, hideContent: days === -1 && hideContent } });
      toast.success(t('ban.dialog.done', { nickname: member.nickname }));
      setReason('');
      setHideContent(false);
      onOpenChange(false);
      onBanned();
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === ErrorCode.Validation && error.fields) setFields(error.fields);
      else if (error instanceof ApiError && error.errorCode !== ErrorCode.NotSignedIn) setRefusal(error.message.startsWith(t('ban.dialog.failed')) ? error.message : `${t('ban.dialog.failed')}: ${error.message}`);
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('ban.dialog.title', { nickname: member.nickname })}
      description={t('ban.dialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('ban.dialog.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={busy} data-testid="ban-submit">
            {t('ban.dialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('ban.dialog.length')}</legend>
          <div className="flex gap-4">
            {([7, -1] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                <input type="radio" name="days" value={value} checked={days === value} onChange={() => setDays(value)} className="accent-brand-600 size-4" data-testid={`ban-days-${value}`} />
                {value === 7 ? t('ban.dialog.days7') : t('ban.dialog.forever')}
              </label>
            ))}
          </div>
          {fields.days && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{fields.days}</p>}
        </fieldset>
        {days === -1 && (
          <div>
            <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input type="checkbox" checked={hideContent} onChange={(event) => setHideContent(event.target.checked)} className="accent-brand-600 mt-0.5 size-4 shrink-0" data-testid="ban-hide-content" />
              <span>
                {t('ban.dialog.hideContent')}
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t('ban.dialog.hideContentHint')}</span>
              </span>
            </label>
            {fields.hideContent && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{fields.hideContent}</p>}
          </div>
        )}
        <Field label={t('ban.dialog.reason')} required error={fields.reason} hint={t('ban.dialog.reasonHint', { max: BAN_REASON_MAX })}>
          {(control) => <Textarea {...control} rows={3} maxLength={BAN_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} data-testid="ban-reason" />}
        </Field>
        {refusal && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200" data-testid="ban-refusal">
            {refusal}
          </p>
        )}
      </form>
    </Dialog>
  );
}
