/**
 * The phone number and code fields shared by phone sign-in and the account's phone section
 * (issue 29): a country picker (Thailand +66 first by default, names in the reader's language),
 * the national number, "Send code" with its cool-down countdown. Mobile-first: one column,
 * numeric keyboards, one-time-code autofill.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY, phoneCountries, toE164 } from '../../../common/validation/phone';
import { Button } from '~/components/ui/button';
import { controlClass, Field, Input } from '~/components/ui/input';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

/** Country names in the reader's language, sorted, the default country first. */
function useCountryOptions() {
  const { locale } = useRootData();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    const rows = phoneCountries().map(({ code, dial }) => ({ code, dial, name: names?.of(code) ?? code }));
    rows.sort((a, b) => (a.code === DEFAULT_PHONE_COUNTRY ? -1 : b.code === DEFAULT_PHONE_COUNTRY ? 1 : a.name.localeCompare(b.name, locale)));
    return rows;
  }, [locale]);
}

/** Seconds left of a cool-down that ends at `until` (ms), ticking once a second. */
export function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export interface PhoneValue {
  country: CountryCode;
  number: string;
}

export const EMPTY_PHONE: PhoneValue = { country: DEFAULT_PHONE_COUNTRY, number: '' };

/** The number as E.164, or null when it is not a valid number of the chosen country (or an international one). */
export function phoneOf(value: PhoneValue): string | null {
  return toE164(value.number, value.country);
}

export function PhoneNumberField({ value, onChange, error, disabled }: { value: PhoneValue; onChange: (value: PhoneValue) => void; error?: string; disabled?: boolean }) {
  const t = useT();
  const countries = useCountryOptions();
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
      <Field label={t('phoneSignIn.form.country')}>
        {(props) => (
          <select
            {...props}
            value={value.country}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, country: event.target.value as CountryCode })}
            className={controlClass(false, 'h-10 pr-2')}
            data-testid="phone-country"
          >
            {countries.map((row) => (
              <option key={row.code} value={row.code}>
                {row.name} +{row.dial}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('phoneSignIn.form.number')} required error={error} hint={t('phoneSignIn.form.numberHint')}>
        {(props) => (
          <Input
            {...props}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={value.number}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, number: event.target.value })}
            data-testid="phone-number"
          />
        )}
      </Field>
    </div>
  );
}

export function CodeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const t = useT();
  return (
    <Field label={t('phoneSignIn.form.code')} required error={error} hint={t('phoneSignIn.form.codeHint')}>
      {(props) => (
        <Input
          {...props}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
          data-testid="phone-code"
        />
      )}
    </Field>
  );
}

/** "Send code", then "Send again in N s" until the cool-down ends. */
export function SendCodeButton({ onSend, cooldownUntil, busy }: { onSend: () => void; cooldownUntil: number; busy: boolean }) {
  const t = useT();
  const seconds = useCountdown(cooldownUntil);
  return (
    <Button type="button" variant="secondary" className="w-full" loading={busy} disabled={seconds > 0} onClick={onSend} data-testid="phone-send-code">
      {seconds > 0 ? t('phoneSignIn.form.resendIn', { seconds }) : busy ? t('phoneSignIn.form.sending') : t('phoneSignIn.form.sendCode')}
    </Button>
  );
}
