/**
 * Phone sign-in and a member's phone (issue 29, spec §5): a valid number of any country, parsed
 * with libphonenumber-js and kept as E.164 (`+66812345678`), a six-digit code, the user agreement
 * accepted. Shared by the API and the browser's forms; every message is a `phoneSignIn` key.
 */
import { parsePhoneNumberFromString, getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { z } from '../zod';

/** Codes live five minutes, allow five wrong tries, and a number gets a new one at most once a minute. */
export const SMS_CODE = { length: 6, ttlMs: 5 * 60_000, maxAttempts: 5, cooldownMs: 60_000 } as const;

/** The country picker's first choice (the forum's home). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'TH';

/** The number as E.164 when it is a valid number of some country, else null. `country` reads a national number. */
export function toE164(value: string, country?: CountryCode): string | null {
  const text = value.trim();
  if (!text || text.length > 32 || !/^[+\d\s().-]+$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** The number as people write it internationally (`+66 81 234 5678`), or as given. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** Every country with its calling code, for the picker. */
export function phoneCountries(): Array<{ code: CountryCode; dial: string }> {
  return getCountries().map((code) => ({ code, dial: getCountryCallingCode(code) }));
}

export const phoneField = z
  .string({ error: 'phoneSignIn.validation.phone' })
  .max(32, 'phoneSignIn.validation.phone')
  .transform((value, context) => {
    const e164 = toE164(value);
    if (!e164) {
      context.addIssue({ code: 'custom', message: 'phoneSignIn.validation.phone' });
      return z.NEVER;
    }
    return e164;
  });

export const smsCodeField = z
  .string({ error: 'phoneSignIn.validation.code' })
  .trim()
  .regex(/^\d{6}$/, 'phoneSignIn.validation.code');

/** POST login/phone/send_code and user/phone/send_code. */
export const phoneSendCodeSchema = z.object({ phone: phoneField });

/** POST login/phone/signin: the agreement must be ticked (its own field error). */
export const phoneSignInSchema = z.object({
  phone: phoneField,
  code: smsCodeField,
  agree: z.boolean({ error: 'phoneSignIn.validation.agree' }).refine((value) => value, 'phoneSignIn.validation.agree'),
  redirect: z.string().optional().catch(undefined),
});
export type PhoneSignInInput = z.input<typeof phoneSignInSchema>;

/** POST user/phone/bind: the code sent to the new number. */
export const phoneBindSchema = z.object({ phone: phoneField, code: smsCodeField });
