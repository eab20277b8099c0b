/**
 * The ban dialog (spec §4): 7 days or forever, and a reason the member will read; a forever ban
 * may also hide the member's topics, articles and comments until it is lifted (issue 16). The server
 * decides who may ban whom; its refusal (self, rank) comes back translated and is shown in the
 * dialog, prefixed as spec §8 words it ('Failed to ban user'). The reason is checked with the API's
 * schema first (the back office's form helper); field errors sit under their field.
 */
import { useId, useState } from 'react';
import { BAN_DAYS, BAN_REASON_MAX, type BanDays } from '../../../common/policy';
import { moderationActions } from '../../../common/actions/moderation';
import { ApiError, send } from '~/lib/api';
import { banSchema, type BanInput } from '../../../common/validation/moderation';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { FormAlert } from '../account/auth-card';
import { useSchemaForm } from '~/lib/use-schema-form';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/input';

export interface BanTarget {
  id: number;
  nickname: string;
}

/**
 * `via`: another action that bans as part of its own decision (resolving a report: the ban and the
 * reports' closing in one write) takes the dialog's fields instead of the ban route.
 */
export function BanDialog({ member, open, onOpenChange, onBanned, via }: { member: BanTarget; open: boolean; onOpenChange: (open: boolean) => void; onBanned: () => void; via?: (ban: BanInput) => Promise<void> }) {
  const t = useT();
  const toast = useToast();
  const formId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initial = { userId: member.id, days: 7 as BanDays, reason: '', hideContent: false };
  const { form, submit, submitting, errorFor, formError } = useSchemaForm(banSchema, initial, {
    onValid: async (fields) => {
      // A new try: the last refusal no longer stands.
      setRefusal(null);
      // Only a forever ban may hide the member's content (the server refuses it with 7 days).
      const ban = { ...fields, hideContent: fields.days === -1 && fields.hideContent };
      if (via) await via(ban);
      else await send(moderationActions.ban, ban);
      toast.success(t('ban.dialog.done', { nickname: member.nickname }));
      form.reset(initial);
      onOpenChange(false);
      onBanned();
    },
    // The server's refusal (self, rank) stays readable in the dialog; not signed in goes to the site's rule.
    onFailure: (error) => {
      if (!(error instanceof ApiError) || error.isNotSignedIn) return false;
      setRefusal(error.message.startsWith(t('ban.dialog.failed')) ? error.message : `${t('ban.dialog.failed')}: ${error.message}`);
      return true;
    },
  });
  const days = form.watch('days');
  const daysError = errorFor('days');
  const hideError = errorFor('hideContent');

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
          <Button variant="danger" type="submit" form={formId} loading={submitting} data-testid="ban-submit">
            {t('ban.dialog.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <FormAlert message={formError} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('ban.dialog.length')}</legend>
          <div className="flex gap-4">
            {BAN_DAYS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                <input
                  type="radio"
                  name="days"
                  value={value}
                  checked={days === value}
                  aria-invalid={daysError ? true : undefined}
                  onChange={() => {
                    form.setValue('days', value, { shouldDirty: true });
                    if (value !== -1) form.setValue('hideContent', false);
                  }}
                  className="accent-brand-600 size-4"
                  data-testid={`ban-days-${value}`}
                />
                {value === 7 ? t('ban.dialog.days7') : t('ban.dialog.forever')}
              </label>
            ))}
          </div>
          {daysError && <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">{daysError}</p>}
        </fieldset>
        {days === -1 && (
          <div>
            <label className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input type="checkbox" {...form.register('hideContent')} aria-invalid={hideError ? true : undefined} className="accent-brand-600 mt-0.5 size-4 shrink-0" data-testid="ban-hide-content" />
              <span>
                {t('ban.dialog.hideContent')}
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t('ban.dialog.hideContentHint')}</span>
              </span>
            </label>
            {hideError && <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">{hideError}</p>}
          </div>
        )}
        <Field label={t('ban.dialog.reason')} required error={errorFor('reason')} hint={t('ban.dialog.reasonHint', { max: BAN_REASON_MAX })}>
          {(control) => <Textarea {...control} {...form.register('reason')} rows={3} maxLength={BAN_REASON_MAX} data-testid="ban-reason" />}
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
