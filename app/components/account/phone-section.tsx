/**
 * Account settings: the member's phone (issue 29). Add or change it with a code sent to the new
 * number; remove it when it is not their only way in.
 */
import { useState, type FormEvent } from 'react';
import { phoneActions } from '../../../common/actions/phone';
import { formatPhone } from '../../../common/validation/phone';
import type { MemberPhoneView } from '../../../common/views/phone';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { FormAlert } from './auth-card';
import { CodeField, EMPTY_PHONE, PhoneNumberField, phoneOf, SendCodeButton, type PhoneValue } from './phone-fields';
import { errorsOf } from './phone-sign-in-form';

export function PhoneSection({ initial }: { initial: MemberPhoneView }) {
  const t = useT();
  const toast = useToast();
  const [view, setView] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [busy, setBusy] = useState<'send' | 'bind' | 'remove' | null>(null);

  async function sendCode() {
    const e164 = phoneOf(phone);
    if (!e164) return setErrors({ phone: t('phoneSignIn.validation.phone') });
    setBusy('send');
    setErrors({});
    try {
      const answer = await send(phoneActions.sendBindCode, { phone: e164 });
      setCooldownUntil(Date.now() + answer.cooldownMs);
      toast.success(t('phoneSignIn.form.sent', { phone: formatPhone(e164) }));
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function bind(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const e164 = phoneOf(phone);
    if (!e164) return setErrors({ phone: t('phoneSignIn.validation.phone') });
    if (!/^\d{6}$/.test(code)) return setErrors({ code: t('phoneSignIn.validation.code') });
    setBusy('bind');
    try {
      setView(await send(phoneActions.bind, { phone: e164, code }));
      toast.success(t('phoneSignIn.account.saved'));
      setEditing(false);
      setCode('');
      setErrors({});
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    try {
      setView(await send(phoneActions.remove, {}));
      toast.success(t('phoneSignIn.account.removed'));
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader title={t('phoneSignIn.account.title')} description={t('phoneSignIn.account.intro')} />
      <CardBody>
        <div className="space-y-4" data-testid="phone-section">
          <FormAlert message={editing ? undefined : errors.form} />
          <p className="text-sm text-zinc-800 dark:text-zinc-200">{view.phone ? t('phoneSignIn.account.current', { phone: formatPhone(view.phone) }) : t('phoneSignIn.account.none')}</p>
          {!editing && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)} data-testid="phone-edit">
                {view.phone ? t('phoneSignIn.account.change') : t('phoneSignIn.account.add')}
              </Button>
              {view.phone &&
                (view.removable ? (
                  <Button variant="danger" loading={busy === 'remove'} onClick={() => void remove()} data-testid="phone-remove">
                    {t('phoneSignIn.account.remove')}
                  </Button>
                ) : (
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('phoneSignIn.account.lastWayIn')}</p>
                ))}
            </div>
          )}
          {editing && (
            <form method="post" noValidate onSubmit={(event) => void bind(event)} className="space-y-4">
              <FormAlert message={errors.form} />
              <PhoneNumberField value={phone} onChange={setPhone} error={errors.phone} />
              <SendCodeButton onSend={() => void sendCode()} cooldownUntil={cooldownUntil} busy={busy === 'send'} />
              <CodeField value={code} onChange={setCode} error={errors.code} />
              <div className="flex gap-2">
                <Button type="submit" loading={busy === 'bind'} data-testid="phone-confirm">
                  {t('phoneSignIn.account.confirm')}
                </Button>
                <Button variant="ghost" onClick={() => setEditing(false)}>
                  {t('phoneSignIn.account.cancel')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
