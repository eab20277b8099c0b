/**
 * `/user/signin` (spec §2, §5): username or e-mail plus password. `?redirect=` names the page
 * to return to; only same-site paths are honoured (common/redirect.ts). A refused sign-in shows
 * the server's message in the form, where it stays while the visitor retypes. A "Password |
 * Phone" switch (issue 29) shows the phone form instead: a code by SMS, the agreement accepted.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authActions } from '../../common/actions/auth';
import { LIMITS } from '../../common/constants';
import { safeRedirect } from '../../common/redirect';
import { signInSchema, type SignInInput } from '../../common/validation/account';
import { AuthCard, FormAlert, linkClass } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { PhoneSignInForm } from '~/components/account/phone-sign-in-form';
import { useAfterSignIn } from '~/components/account/use-signed-in';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useSiteConfig } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.signin.title');

/** Sign-up keeps the way back, so a newcomer also lands where they were going. */
function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export default function SignInPage() {
  const t = useT();
  const config = useSiteConfig();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const redirect = redirectParam ? safeRedirect(redirectParam) : undefined;

  const [method, setMethod] = useState<'password' | 'phone'>(params.get('method') === 'phone' ? 'phone' : 'password');
  const form = useSchemaForm(signInSchema, { username: '', password: '' }, {
    inlineErrors: true,
    onValid: async (data: SignInInput) => {
      const answer = await send(authActions.signIn, { username: data.username, password: data.password, redirect });
      toast.success(t('account.signin.success'));
      await afterSignIn(answer.redirect);
    },
  });

  return (
    <AuthCard
      title={t('account.signin.title')}
      subtitle={t('account.signin.subtitle', { siteTitle: config.siteTitle })}
      footer={
        <>
          {t('account.signin.noAccount')}{' '}
          <Link to={withRedirect(paths.signUp, redirect ?? null)} className={linkClass}>
            {t('account.signin.signupLink')}
          </Link>
        </>
      }
    >
      <div role="group" aria-label={t('phoneSignIn.tabs.label')} className="mb-5 grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
        {(['password', 'phone'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={method === choice}
            onClick={() => setMethod(choice)}
            className={`rounded-md px-3 py-2 text-sm font-medium ${method === choice ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-50' : 'text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-50'}`}
            data-testid={`signin-method-${choice}`}
          >
            {t(`phoneSignIn.tabs.${choice}`)}
          </button>
        ))}
      </div>
      {method === 'phone' ? (
        <PhoneSignInForm redirect={redirect} />
      ) : (
      <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
        <FormAlert message={form.formError} />
        <Field label={t('account.signin.username')} required error={form.errorFor('username')}>
          {(props) => (
            <Input {...props} {...form.bind('username')} autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={LIMITS.emailMax} />
          )}
        </Field>
        <Field label={t('account.signin.password')} required error={form.errorFor('password')}>
          {(props) => <Input {...props} {...form.bind('password')} type="password" autoComplete="current-password" maxLength={LIMITS.passwordMax} />}
        </Field>
        <div className="flex justify-end">
          <Link to="/user/password/forgot" className={`text-sm ${linkClass}`}>
            {t('account.signin.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
          {form.submitting ? t('account.signin.submitting') : t('account.signin.submit')}
        </Button>
      </form>
      )}
    </AuthCard>
  );
}
