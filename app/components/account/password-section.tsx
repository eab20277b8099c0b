/**
 * Account settings: set a password when the account has none (API `set_password`), else change
 * it with the current one (`update_password`). The fields are emptied after a success.
 */
import { authActions } from '../../../common/actions/auth';
import { LIMITS } from '../../../common/constants';
import { setPasswordSchema, updatePasswordSchema, type SetPasswordInput, type UpdatePasswordInput } from '../../../common/validation/account';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useSchemaForm, type SchemaForm } from '~/lib/use-schema-form';
import { FormAlert } from './auth-card';
import { useAccountSaved } from './use-account-update';
import { useT } from '~/lib/use-t';

export function PasswordSection({ passwordSet }: { passwordSet: boolean }) {
  const t = useT();
  return (
    <Card>
      <CardHeader
        title={passwordSet ? t('accountSettings.password.changeTitle') : t('accountSettings.password.setTitle')}
        description={passwordSet ? undefined : t('accountSettings.password.setHelp')}
      />
      <CardBody>{passwordSet ? <ChangePasswordForm /> : <SetPasswordForm />}</CardBody>
    </Card>
  );
}

const EMPTY_NEW = { password: '', rePassword: '' };
const EMPTY_CHANGE = { oldPassword: '', password: '', rePassword: '', endOtherSessions: true };

function SetPasswordForm() {
  const t = useT();
  const saved = useAccountSaved();
  const form = useSchemaForm(setPasswordSchema, EMPTY_NEW, {
    resetOnSuccess: true,
    onValid: async (data: SetPasswordInput) => {
      await send(authActions.setPassword, data);
      await saved();
    },
  });
  return (
    <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
      <FormAlert message={form.formError} />
      <NewPasswordFields form={form} />
      <Button type="submit" loading={form.submitting}>
        {t('accountSettings.password.setSubmit')}
      </Button>
    </form>
  );
}

function ChangePasswordForm() {
  const t = useT();
  const saved = useAccountSaved();
  const form = useSchemaForm(updatePasswordSchema, EMPTY_CHANGE, {
    resetOnSuccess: true,
    onValid: async (data: UpdatePasswordInput) => {
      await send(authActions.updatePassword, data);
      await saved();
    },
  });
  return (
    <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
      <FormAlert message={form.formError} />
      <Field label={t('accountSettings.password.oldPassword')} required error={form.errorFor('oldPassword')}>
        {(props) => <Input {...props} {...form.bind('oldPassword')} type="password" autoComplete="current-password" maxLength={LIMITS.passwordMax} />}
      </Field>
      <NewPasswordFields form={form} />
      {/* Issue 29: the other sessions end with the change, unless the member unticks it. */}
      <div className="flex items-start gap-2">
        <input id="end-other-sessions" type="checkbox" defaultChecked {...form.form.register('endOtherSessions')} className="mt-0.5 size-5 shrink-0 accent-brand-700" data-testid="end-other-sessions" />
        <label htmlFor="end-other-sessions" className="text-sm text-zinc-800 dark:text-zinc-200">
          {t('sessions.endOthers')}
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t('sessions.endOthersHint')}</span>
        </label>
      </div>
      <Button type="submit" loading={form.submitting}>
        {t('accountSettings.password.changeSubmit')}
      </Button>
    </form>
  );
}

/** Only binding and messages are needed, so both forms (with or without oldPassword) fit. */
function NewPasswordFields({ form }: { form: Pick<SchemaForm<{ password: string; rePassword: string }, unknown>, 'bind' | 'errorFor'> }) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t('accountSettings.password.password')}
        required
        error={form.errorFor('password')}
        hint={t('account.signup.passwordHint', { min: LIMITS.passwordMin })}
      >
        {(props) => <Input {...props} {...form.bind('password')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
      </Field>
      <Field label={t('accountSettings.password.rePassword')} required error={form.errorFor('rePassword')}>
        {(props) => <Input {...props} {...form.bind('rePassword')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
      </Field>
    </div>
  );
}
