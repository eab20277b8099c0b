/**
 * Phone sign-in (issue 29, spec §5): a valid number, the six-digit code sent by SMS, the user
 * agreement accepted. "Send code" counts down its cool-down; the server's field errors (a wrong
 * or expired code, the agreement) show under their fields. A new number gets a new account.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { phoneActions } from '../../../common/actions/phone';
import { formatPhone } from '../../../common/validation/phone';
import { Button } from '~/components/ui/button';
import { ApiError, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { FormAlert, linkClass } from './auth-card';
import { CodeField, EMPTY_PHONE, PhoneNumberField, phoneOf, SendCodeButton, type PhoneValue } from './phone-fields';
import { useAfterSignIn } from './use-signed-in';

type Errors = Partial<Record<'phone' | 'code' | 'agree' | 'form', string>>;

/** The server's refusal as field messages (or the form's). */
export function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError) return error.fields && Object.keys(error.fields).length > 0 ? { ...error.fields } : { form: error.message };
  return { form: error instanceof Error ? error.message : String(error) };
}

export function PhoneSignInForm({ redirect }: { redirect: string | undefined }) {
  const t = useT();
  const toast = useToast();
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [code, setCode] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function sendCode() {
    const e164 = phoneOf(phone);
    if (!e164) return setErrors({ phone: t('phoneSignIn.validation.phone') });
    setSending(true);
    setErrors({});
    try {
      const answer = await send(phoneActions.sendSignInCode, { phone: e164 });
      setSentTo(e164);
      setCooldownUntil(Date.now() + answer.cooldownMs);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const e164 = phoneOf(phone);
    const found: Errors = {};
    if (!e164) found.phone = t('phoneSignIn.validation.phone');
    if (!/^\d{6}$/.test(code)) found.code = t('phoneSignIn.validation.code');
    if (!agree) found.agree = t('phoneSignIn.validation.agree');
    setErrors(found);
    if (Object.keys(found).length > 0 || !e164) return;
    setSubmitting(true);
    try {
      const answer = await send(phoneActions.signIn, { phone: e164, code, agree, redirect });
      // Two-factor (issue 29): no session yet; the second step's page has the ticket.
      if ('secondFactor' in answer) {
        await navigate(answer.redirect);
        return;
      }
      toast.success(t('phoneSignIn.form.success'));
      await afterSignIn(answer.redirect);
    } catch (error) {
      setErrors(errorsOf(error));
      setSubmitting(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="phone-signin-form">
      <FormAlert message={errors.form} />
      <PhoneNumberField value={phone} onChange={setPhone} error={errors.phone} />
      <SendCodeButton onSend={() => void sendCode()} cooldownUntil={cooldownUntil} busy={sending} />
      {sentTo && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status">
          {t('phoneSignIn.form.sent', { phone: formatPhone(sentTo) })}
        </p>
      )}
      <CodeField value={code} onChange={setCode} error={errors.code} />
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            id="phone-agree"
            type="checkbox"
            checked={agree}
            onChange={(event) => setAgree(event.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'phone-agree-error' : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            data-testid="phone-agree"
          />
          <label htmlFor="phone-agree" className="text-sm text-zinc-800 dark:text-zinc-200">
            {t('phoneSignIn.form.agreeBefore')}{' '}
            <Link to={paths.agreement} target="_blank" className={linkClass}>
              {t('phoneSignIn.form.agreeLink')}
            </Link>
          </label>
        </div>
        {errors.agree && (
          <p id="phone-agree-error" className="text-sm text-red-700 dark:text-red-400" role="alert">
            {errors.agree}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" loading={submitting} data-testid="phone-signin-submit">
        {submitting ? t('phoneSignIn.form.submitting') : t('phoneSignIn.form.submit')}
      </Button>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('phoneSignIn.form.newAccountNote')}</p>
    </form>
  );
}
