/**
 * `/user/signin` (spec §2, §5): username or e-mail plus password. `?redirect=` names the page
 * to return to; only same-site paths are honoured (common/redirect.ts). A refused sign-in shows
 * the server's message in the form, where it stays while the visitor retypes. A "Password |
 * Phone" switch (issue 29) shows the phone form instead: a code by SMS, the agreement accepted.
 * Under either: a passkey, and the sign-in providers switched on.
 */
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { identityActions } from '../../common/actions/identities';
import { authActions } from '../../common/actions/auth';
import { LIMITS } from '../../common/constants';
import { safeRedirect } from '../../common/redirect';
import { signInSchema, type SignInInput } from '../../common/validation/account';
import { AuthCard, FormAlert, linkClass } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { PhoneSignInForm } from '~/components/account/phone-sign-in-form';
import { ProviderButtons, useProviderError } from '~/components/identities/provider-buttons';
import { useAfterSignIn } from '~/components/account/use-signed-in';
import { Button } from '~/components/ui/button';
import { PasskeySignInButton } from '~/components/security/passkey-signin-button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useSiteConfig } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('account.signin.title');

/** The sign-in providers switched on (issue 29): their buttons under the form. */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const enabled = await context.read(identityActions.enabled, {});
  return { providers: enabled.ok ? enabled.data.providers : [] };
}

/** Sign-up keeps the way back, so a newcomer also lands where they were going. */
function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export default function SignInPage() {
  const t = useT();
  const config = useSiteConfig();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const [passkeyError, setPasskeyError] = useState<string | undefined>(undefined);
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const redirect = redirectParam ? safeRedirect(redirectParam) : undefined;
  const { providers } = useLoaderData<typeof loader>();
  const [method, setMethod] = useState<'password' | 'phone'>(params.get('method') === 'phone' ? 'phone' : 'password');
  const providerError = useProviderError(params.get('error'));

  const form = useSchemaForm(signInSchema, { username: '', password: '' }, {
    inlineErrors: true,
    onValid: async (data: SignInInput) => {
      const answer = await send(authActions.signIn, { username: data.username, password: data.password, redirect });
      // Two-factor (issue 29): no session yet; the second step's page has the ticket.
      if ('secondFactor' in answer) {
        await navigate(answer.redirect);
        return;
      }
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
        <>
          <FormAlert message={providerError ?? undefined} />
          <PhoneSignInForm redirect={redirect} />
        </>
      ) : (
      <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
        <FormAlert message={form.formError ?? providerError ?? undefined} />
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
      <div className="mt-4 space-y-3">
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{t('security.signin.or')}</p>
        <FormAlert message={passkeyError} />
        <PasskeySignInButton redirect={redirect} onError={setPasskeyError} />
      </div>
      <ProviderButtons providers={providers} redirect={redirect} />
    </AuthCard>
  );
}
