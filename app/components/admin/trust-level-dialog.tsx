/**
 * A member's trust level on the back office's member list (issue 28, ADR 0027): the level, "set by
 * hand" when staff locked it, and (for staff with `trust:set`) a "Trust level" button opening a
 * dialog to set level 0, 1 or 2 by hand (locked against automatic changes) or to return to
 * automatic (`level: null`: computed again from what the member did, which may lower it). Sent to
 * `POST admin/trust/set`, audited by the server; the row is read again after saving.
 */
import { useState } from 'react';
import { z } from '../../../common/zod';
import { trustActions } from '../../../common/actions/defences';
import { can } from '../../../common/policies/can';
import { TRUST_LEVELS, type TrustLevel } from '../../../common/validation/defences';
import type { AdminMemberView } from '../../../common/views/moderation';
import { useCurrentUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';
import { ShieldIcon } from '../topic/icons';
import { FormDialog } from './form-dialog';
import { choiceCardClass } from '../ui/choice';

/** The dialog's choices: automatic, or a level by hand (radio values are text). */
const CHOICES = ['auto', ...TRUST_LEVELS.map(String)] as ['auto', '0', '1', '2'];
type Choice = (typeof CHOICES)[number];

/** The form's own schema: one of the choices; the request is made from it (`level` or null). */
const trustChoiceSchema = z.object({ level: z.enum(CHOICES, { error: 'adminDefences.validation.level' }) });
type TrustChoice = z.infer<typeof trustChoiceSchema>;

function levelOf(choice: Choice): TrustLevel | null {
  return choice === 'auto' ? null : (Number(choice) as TrustLevel);
}

function TrustLevelDialog({ member, onClose, onSaved }: { member: AdminMemberView; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const toast = useToast();
  const current: Choice = member.trust?.locked ? (String(member.trust.level) as Choice) : 'auto';
  const trust = useSchemaForm<TrustChoice, typeof trustActions.set, TrustChoice>(trustActions.set, { level: current }, {
    schema: trustChoiceSchema,
    input: (data) => ({ userId: member.id, level: levelOf(data.level) }),
    inlineErrors: true,
    onSaved: () => {
      toast.success(t('adminDefences.trust.saved'));
      onClose();
      onSaved();
    },
  });
  const chosen = trust.values.level;
  const levelError = trust.errorFor('level');
  return (
    <FormDialog form={trust} title={t('adminDefences.trust.dialogTitle', { nickname: member.nickname })} description={t('adminDefences.trust.dialogHint')} submitLabel={t('adminDefences.trust.save')} onClose={onClose} testId="trust-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('adminDefences.trust.choices')}</legend>
        <div className="grid gap-2">
          {CHOICES.map((choice) => (
            <label
              key={choice}
              className={`${choiceCardClass(chosen === choice)} items-start gap-2.5 px-3 py-2.5`}
            >
              <input type="radio" value={choice} {...trust.form.register('level')} className="accent-brand-600 mt-0.5 size-4 shrink-0" data-testid={`trust-choice-${choice}`} />
              <span className="min-w-0">
                <span className="block font-medium">{choice === 'auto' ? t('adminDefences.trust.auto') : <LevelName level={Number(choice)} />}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{choice === 'auto' ? t('adminDefences.trust.autoHint') : t(`adminDefences.trust.hints.${choice}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {levelError && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
            {levelError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}

/** "Level 1 · Basic member". */
function LevelName({ level }: { level: number }) {
  const t = useT();
  return (
    <>
      {t('adminDefences.trust.level', { level })}
      <span className="text-zinc-500 dark:text-zinc-400"> · {t(`defences.trust.levels.${level}`)}</span>
    </>
  );
}

/** The member list's cell: the level (and "set by hand"), and the button that opens the dialog. */
export function TrustLevelCell({ member, onChanged }: { member: AdminMemberView; onChanged: () => void }) {
  const t = useT();
  const viewer = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!member.trust) return <span className="text-zinc-400 dark:text-zinc-500">—</span>;
  return (
    <span className="flex min-w-32 flex-col items-start gap-1" data-testid={`member-trust-${member.id}`}>
      <span>
        <LevelName level={member.trust.level} />
      </span>
      {member.trust.locked && <span className="text-xs text-amber-800 dark:text-amber-300" data-testid="member-trust-locked">{t('adminDefences.trust.locked')}</span>}
      {can(viewer, 'trust:set') && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('adminDefences.trust.setFor', { nickname: member.nickname })}
          className="text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950/50 -ms-1.5 inline-flex items-center gap-1 rounded-md whitespace-nowrap px-1.5 py-0.5 text-xs font-medium"
          data-testid={`member-trust-set-${member.id}`}
        >
          <ShieldIcon className="size-3.5" />
          {t('adminDefences.trust.set')}
        </button>
      )}
      {open && <TrustLevelDialog member={member} onClose={() => setOpen(false)} onSaved={onChanged} />}
    </span>
  );
}
