/**
 * `/user/password/forgot`: asks for a password-reset mail. The page answers the same way
 * whether or not an account has that e-mail (as the API does), so it reveals nothing.
 */
import { authActions } from '../../common/actions/auth';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../common/constants';
import { sendResetPasswordEmailSchema, type SendResetPasswordEmailInput } from '../../common/validation/account';
import { ChallengeWidget, type ChallengeHandle } from '~/components/account/challenge-widget';
import { AuthCard, FormAlert, FormNotice, linkClass } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { signInPath } from '~/lib/paths';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.forgot.title');

export default function ForgotPasswordPage() {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The proof-of-work challenge's solution (issue 28): spent by any try, so a refused one solves anew.
  const solution = useRef<string | null>(null);
  const challenge = useRef<ChallengeHandle>(null);
  const form = useSchemaForm(sendResetPasswordEmailSchema, { email: '', altcha: '' }, {
    inlineErrors: true,
    onValid: async (data: SendResetPasswordEmailInput) => {
      await send(authActions.sendResetPasswordEmail, { ...data, altcha: solution.current ?? challenge.current?.payload() ?? undefined }).catch((error: unknown) => {
        challenge.current?.reset();
        throw error;
      });
      setSentTo(data.email);
    },
  });

  return (
    <AuthCard
      title={t('account.forgot.title')}
      subtitle={sentTo ? undefined : t('account.forgot.intro')}
      footer={
        <Link to={signInPath()} className={linkClass}>
          {t('account.forgot.back')}
        </Link>
      }
    >
      {sentTo ? (
        <FormNotice>{t('account.forgot.sent', { email: sentTo })}</FormNotice>
      ) : (
        <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.formError} />
          <Field label={t('account.forgot.email')} required error={form.errorFor('email')}>
            {(props) => (
              <Input
                {...props}
                {...form.bind('email')}
                type="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={LIMITS.emailMax}
              />
            )}
          </Field>
          <ChallengeWidget ref={challenge} onPayload={(payload) => (solution.current = payload)} />
          {form.errorFor('altcha') && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {form.errorFor('altcha')}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
            {form.submitting ? t('account.forgot.submitting') : t('account.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
