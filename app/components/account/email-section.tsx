/**
 * Account settings: the e-mail with its verified state. Saving a new address resets the
 * verification (API.md); an unverified address offers to send the verification mail, whose
 * link opens /user/email/verify.
 */
import { authActions } from '../../../common/actions/auth';
import { useState } from 'react';
import { LIMITS } from '../../../common/constants';
import { setEmailSchema, type SetEmailInput } from '../../../common/validation/account';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Field, Input } from '~/components/ui/input';
import { send } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useSchemaForm } from '~/lib/use-schema-form';
import { FormAlert, FormNotice } from './auth-card';
import { useAccountSaved } from './use-account-update';
import { useT } from '~/lib/use-t';

export function EmailSection({ email, verified }: { email: string | null; verified: boolean }) {
  const t = useT();
  return (
    <Card>
      <CardHeader title={t('accountSettings.email.title')} actions={email ? <VerifiedBadge verified={verified} /> : undefined} />
      <CardBody className="space-y-4">
        {!email && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('accountSettings.email.none')}</p>}
        {/* A new address gets a fresh form (its initial value is the saved one). */}
        <SetEmailForm key={email ?? ''} email={email} />
        {email && !verified && <SendVerification email={email} />}
      </CardBody>
    </Card>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span
      data-testid="email-status"
      className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/70 dark:text-emerald-100"
    >
      ✓ {t('accountSettings.email.verified')}
    </span>
  ) : (
    <span
      data-testid="email-status"
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      {t('accountSettings.email.notVerified')}
    </span>
  );
}

function SetEmailForm({ email }: { email: string | null }) {
  const t = useT();
  const saved = useAccountSaved();
  const form = useSchemaForm(setEmailSchema, { email: email ?? '' }, {
    onValid: async (data: SetEmailInput) => {
      await send(authActions.setEmail, data);
      await saved();
    },
  });
  const unchanged = form.values.email.trim().toLowerCase() === (email ?? '');
  return (
    <form method="post" noValidate onSubmit={form.submit} className="space-y-4">
      <FormAlert message={form.formError} />
      <Field
        label={t('accountSettings.email.label')}
        required
        error={form.errorFor('email')}
        hint={email ? t('accountSettings.email.changeHint') : undefined}
      >
        {(props) => (
          <Input {...props} {...form.bind('email')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} maxLength={LIMITS.emailMax} />
        )}
      </Field>
      <Button type="submit" variant={email ? 'secondary' : 'primary'} loading={form.submitting} disabled={unchanged && email !== null}>
        {t('accountSettings.email.save')}
      </Button>
    </form>
  );
}

function SendVerification({ email }: { email: string }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const sendMail = () => {
    setState('sending');
    send(authActions.sendVerifyEmail, {})
      .then(() => setState('sent'))
      .catch((error: unknown) => {
        setState('idle');
        handleApiError(error);
      });
  };
  return (
    <div className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {state === 'sent' && <FormNotice>{t('accountSettings.email.sent', { email })}</FormNotice>}
      <Button onClick={sendMail} loading={state === 'sending'}>
        {state === 'sending' ? t('accountSettings.email.sending') : t('accountSettings.email.sendVerify')}
      </Button>
    </div>
  );
}
