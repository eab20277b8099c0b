/**
 * `/user/signup` (spec §2, §5): nickname, e-mail, password and its confirmation, each checked
 * with the API's schema (please enter nickname / email / password, at least 6 characters,
 * 'Passwords do not match'). Success signs the visitor in and goes to `?redirect=` or home.
 */
import { authActions } from '../../common/actions/auth';
import { useRef } from 'react';
import { Link, useLoaderData, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { identityActions } from '../../common/actions/identities';
import { LIMITS } from '../../common/constants';
import { safeRedirect } from '../../common/redirect';
import { signUpSchema, type SignUpInput } from '../../common/validation/account';
import { AuthCard, FormAlert, linkClass } from '~/components/account/auth-card';
import { ChallengeWidget, type ChallengeHandle } from '~/components/account/challenge-widget';
import { accountMeta } from '~/components/account/page-meta';
import { ProviderButtons } from '~/components/identities/provider-buttons';
import { useAfterSignIn } from '~/components/account/use-signed-in';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { signInPath } from '~/lib/paths';
import { useSiteConfig } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.signup.title');

/** The sign-in providers switched on (issue 29): a first sign-in with one makes the account. */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const enabled = await context.read(identityActions.enabled, {});
  return { providers: enabled.ok ? enabled.data.providers : [] };
}

export default function SignUpPage() {
  const t = useT();
  const config = useSiteConfig();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const redirect = redirectParam ? safeRedirect(redirectParam) : undefined;
  const { providers } = useLoaderData<typeof loader>();

  // The proof-of-work challenge's solution (issue 28): spent by any try, so a refused one solves anew.
  const solution = useRef<string | null>(null);
  const challenge = useRef<ChallengeHandle>(null);
  const form = useSchemaForm(signUpSchema, { nickname: '', email: '', password: '', rePassword: '', altcha: '' }, {
    onValid: async (data: SignUpInput) => {
      const answer = await send(authActions.signUp, { ...data, redirect, altcha: solution.current ?? challenge.current?.payload() ?? undefined }).catch((error: unknown) => {
        challenge.current?.reset();
        throw error;
      });
      toast.success(t('account.signup.success', { nickname: answer.user.nickname }));
      await afterSignIn(answer.redirect);
    },
  });

  return (
    <AuthCard
      title={t('account.signup.title')}
      subtitle={t('account.signup.subtitle', { siteTitle: config.siteTitle })}
      footer={
        <>
          {t('account.signup.haveAccount')}{' '}
          <Link to={signInPath(redirect)} className={linkClass}>
            {t('account.signup.signinLink')}
          </Link>
        </>
      }
    >
      <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
        <FormAlert message={form.formError} />
        <Field label={t('account.signup.nickname')} required error={form.errorFor('nickname')}>
          {(props) => <Input {...props} {...form.bind('nickname')} autoComplete="nickname" maxLength={LIMITS.nicknameMax} />}
        </Field>
        <Field label={t('account.signup.email')} required error={form.errorFor('email')}>
          {(props) => (
            <Input {...props} {...form.bind('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={LIMITS.emailMax} />
          )}
        </Field>
        <Field
          label={t('account.signup.password')}
          required
          error={form.errorFor('password')}
          hint={t('account.signup.passwordHint', { min: LIMITS.passwordMin })}
        >
          {(props) => <Input {...props} {...form.bind('password')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
        </Field>
        <Field label={t('account.signup.rePassword')} required error={form.errorFor('rePassword')}>
          {(props) => <Input {...props} {...form.bind('rePassword')} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} />}
        </Field>
        <ChallengeWidget ref={challenge} onPayload={(payload) => (solution.current = payload)} />
        {form.errorFor('altcha') && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {form.errorFor('altcha')}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
          {form.submitting ? t('account.signup.submitting') : t('account.signup.submit')}
        </Button>
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="signup-agreement">
          {t('phoneSignIn.agreement.signupNote')}{' '}
          <Link to="/agreement" target="_blank" className={linkClass}>
            {t('phoneSignIn.form.agreeLink')}
          </Link>
        </p>
      </form>
      <ProviderButtons providers={providers} redirect={redirect} />
    </AuthCard>
  );
}
