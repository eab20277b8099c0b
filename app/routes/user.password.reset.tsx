/**
 * `/user/password/reset?token=`: choose a new password with the link of a reset mail. The
 * token travels in the POST body with the new password; a bad, used or expired link shows the
 * server's reason and a way to ask for a new one.
 */
import { authActions } from '../../common/actions/auth';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '../../common/constants';
import { resetPasswordSchema, type ResetPasswordInput } from '../../common/validation/account';
import { AuthCard, FormAlert, FormNotice, linkClass } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { Button, ButtonLink } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { signInPath } from '~/lib/paths';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.reset.title');

const FORGOT_PATH = '/user/password/forgot';

export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);

  return (
    <AuthCard
      title={t('account.reset.title')}
      footer={
        <Link to={FORGOT_PATH} className={linkClass}>
          {t('account.reset.requestNew')}
        </Link>
      }
    >
      {!token ? (
        <FormAlert message={t('account.reset.missingToken')} />
      ) : done ? (
        <div className="space-y-4">
          <FormNotice>{t('account.reset.success')}</FormNotice>
          <ButtonLink to={signInPath()} size="lg" className="w-full">
            {t('account.reset.signin')}
          </ButtonLink>
        </div>
      ) : (
        <ResetForm token={token} onDone={() => setDone(true)} />
      )}
    </AuthCard>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  // The token is part of the values (and of the schema) but has no input: a problem with it
  // shows as the form's message.
  const form = useSchemaForm(resetPasswordSchema, { token, password: '', rePassword: '' }, {
    inlineErrors: true,
    onValid: async (data: ResetPasswordInput) => {
      await send(authActions.resetPassword, data);
      onDone();
    },
  });
  return (
    <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
      <FormAlert message={form.formError} />
      <Field
        label={t('account.reset.password')}
        required
        error={form.errorFor('password')}
        hint={t('account.signup.passwordHint', { min: LIMITS.passwordMin })}
      >
        {(props) => <Input {...props} {...form.bind('password')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
      </Field>
      <Field label={t('account.reset.rePassword')} required error={form.errorFor('rePassword')}>
        {(props) => <Input {...props} {...form.bind('rePassword')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
        {form.submitting ? t('account.reset.submitting') : t('account.reset.submit')}
      </Button>
    </form>
  );
}
