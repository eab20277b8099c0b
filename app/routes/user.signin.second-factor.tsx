/**
 * `/user/signin/second-factor?ticket=…&redirect=…` (issue 29): the second step of a sign-in, for
 * a member with an authenticator app. The ticket came from the first step (the password, a
 * provider, a phone code); it lasts five minutes, is used once and allows five tries. The code is
 * six digits from the app, or one of the recovery codes. The ticket leaves the address bar once
 * the page has it (the browser's history keeps the path only).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { securityActions } from '../../common/actions/security';
import { safeRedirect } from '../../common/redirect';
import { secondFactorSchema, TICKET_LENGTH, type SecondFactorInput } from '../../common/validation/security';
import { AuthCard, FormAlert, FormNotice, linkClass } from '~/components/account/auth-card';
import { accountMeta } from '~/components/account/page-meta';
import { useAfterSignIn } from '~/components/account/use-signed-in';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useSchemaForm } from '~/lib/use-schema-form';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('security.second.title');

export default function SecondFactorPage() {
  const t = useT();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const [params] = useSearchParams();
  // Read once: the address bar loses the ticket after hydration.
  const [ticket] = useState(() => params.get('ticket') ?? '');
  const [redirect] = useState(() => safeRedirect(params.get('redirect')));
  const [recovery, setRecovery] = useState(false);

  useEffect(() => {
    if (ticket) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [ticket]);

  const form = useSchemaForm(secondFactorSchema, { ticket, code: '' } as SecondFactorInput, {
    inlineErrors: true,
    onValid: async (data) => {
      const answer = await send(securityActions.secondFactor, { ticket: data.ticket, code: data.code });
      toast.success(t('account.signin.success'));
      await afterSignIn(answer.redirect || redirect);
    },
  });

  const valid = ticket.length === TICKET_LENGTH;
  return (
    <AuthCard
      title={t('security.second.title')}
      subtitle={recovery ? t('security.second.introRecovery') : t('security.second.intro')}
      footer={
        <Link to="/user/signin" className={linkClass}>
          {t('security.second.back')}
        </Link>
      }
    >
      {!valid ? (
        <FormNotice tone="info">{t('security.second.missing')}</FormNotice>
      ) : (
        <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
          <FormAlert message={form.formError ?? form.errorFor('ticket')} />
          <Field label={recovery ? t('security.second.recoveryCode') : t('security.second.code')} required error={form.errorFor('code')}>
            {(props) => (
              <Input
                {...props}
                {...form.bind('code')}
                key={recovery ? 'recovery' : 'app'}
                autoComplete="one-time-code"
                inputMode={recovery ? 'text' : 'numeric'}
                autoCapitalize="none"
                spellCheck={false}
                maxLength={recovery ? 16 : 8}
                autoFocus
                data-testid="second-factor-code"
              />
            )}
          </Field>
          <div className="flex justify-end">
            <button
              type="button"
              className={`text-sm ${linkClass}`}
              onClick={() => {
                setRecovery((on) => !on);
                form.form.setValue('code', '');
              }}
            >
              {recovery ? t('security.second.useApp') : t('security.second.useRecovery')}
            </button>
          </div>
          <Button type="submit" size="lg" className="w-full" loading={form.submitting}>
            {form.submitting ? t('security.second.submitting') : t('security.second.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
