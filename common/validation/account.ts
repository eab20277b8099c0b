/**
 * Account forms: sign-up, sign-in, profile, username, e-mail, passwords, verification and reset
 * (spec §5). Shared by the API routes and the browser's forms: every message is an i18n key in
 * the `validation` section, every limit comes from common/constants.ts.
 */
import { challengeField } from './defences';
import { z } from '../zod';
import { LIMITS, USERNAME_PATTERN } from '../constants';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { cleanName } from './names';

/** A required, trimmed string; `key` is the message when it is missing or blank. */
function required(key: string) {
  return z.string({ error: key }).trim().min(1, key);
}

/**
 * A name checked as it will be stored: invisible and direction-changing characters are removed
 * (./names.ts) before `rule` sees it, so `admin\u200b` is judged, and saved, as `admin`.
 */
function cleaned<T extends z.ZodType<unknown, string>>(requiredKey: string, rule: T) {
  return z.string({ error: requiredKey }).transform(cleanName).pipe(rule);
}

export const nicknameField = cleaned('validation.nicknameRequired', z.string().min(1, 'validation.nicknameRequired').max(LIMITS.nicknameMax, 'validation.nicknameTooLong'));

/** Trimmed and lower-cased: e-mails are stored and compared in lower case. */
export const emailField = required('validation.emailRequired')
  .max(LIMITS.emailMax, 'validation.emailTooLong')
  .regex(z.regexes.email, 'validation.emailInvalid')
  .toLowerCase();

/** Passwords are taken as typed (no trimming). */
export const passwordField = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(LIMITS.passwordMin, 'validation.passwordTooShort')
  .max(LIMITS.passwordMax, 'validation.passwordTooLong');

const rePasswordField = z.string({ error: 'validation.rePasswordRequired' });

/**
 * Length is checked before the pattern, with its own message: "at most 12" is what someone who
 * typed 13 needs to hear (spec §5: 5 to 12 letters, digits, _ or -, starting with a letter).
 */
export const usernameField = cleaned(
  'validation.usernameRequired',
  z
    .string()
    .min(1, 'validation.usernameRequired')
    .min(LIMITS.usernameMin, 'validation.usernameTooShort')
    .max(LIMITS.usernameMax, 'validation.usernameTooLong')
    .refine((value) => USERNAME_PATTERN.test(value), { message: 'validation.usernameInvalid', params: { min: LIMITS.usernameMin, max: LIMITS.usernameMax } }),
);

/** Where to go afterwards; made safe by `safeRedirect` (common/redirect.ts), never refused. */
const redirectField = z.string().optional().catch(undefined);

const passwordsMatch = { message: 'validation.passwordsMismatch', path: ['rePassword'] };

export const signUpSchema = z
  .object({
    nickname: nicknameField,
    email: emailField,
    password: passwordField,
    rePassword: rePasswordField,
    redirect: redirectField,
    /** The solved proof-of-work challenge (issue 28), while the site asks for one. */
    altcha: challengeField,
  })
  .refine((v) => v.password === v.rePassword, passwordsMatch);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  /** A username or an e-mail address. */
  username: required('validation.usernameOrEmailRequired').max(LIMITS.emailMax, 'validation.invalid'),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(LIMITS.passwordMax, 'validation.passwordTooLong'),
  redirect: redirectField,
});
export type SignInInput = z.infer<typeof signInSchema>;

function isWebAddress(value: string): boolean {
  if (!isCleanAddress(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Each field is optional; a field that is sent is validated (an empty nickname is refused). */
export const updateProfileSchema = z.object({
  nickname: nicknameField.optional(),
  signature: z.string({ error: 'validation.invalid' }).trim().max(LIMITS.signatureMax, 'validation.signatureTooLong').optional(),
  homePage: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(LIMITS.homePageMax, 'validation.homePageTooLong')
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .refine((v) => v === '' || isWebAddress(v), 'validation.homePageInvalid')
    .optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** `{avatar}`: the address of an image already uploaded to this site (checked by the server). */
export const updateAvatarSchema = z.object({
  avatar: z
    .string({ error: 'validation.avatarRequired' })
    .trim()
    .min(1, 'validation.avatarRequired')
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .max(LIMITS.homePageMax, 'validation.avatarNotOurs'),
});
export type UpdateAvatarInput = z.infer<typeof updateAvatarSchema>;

export const setUsernameSchema = z.object({ username: usernameField });
export type SetUsernameInput = z.infer<typeof setUsernameSchema>;

export const setEmailSchema = z.object({ email: emailField });
export type SetEmailInput = z.infer<typeof setEmailSchema>;

export const setPasswordSchema = z.object({ password: passwordField, rePassword: rePasswordField }).refine((v) => v.password === v.rePassword, passwordsMatch);
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const updatePasswordSchema = z
  .object({
    oldPassword: z.string({ error: 'validation.oldPasswordRequired' }).min(1, 'validation.oldPasswordRequired').max(LIMITS.passwordMax, 'validation.passwordTooLong'),
    password: passwordField,
    rePassword: rePasswordField,
    /** End every other session of the account (issue 29: offered, on unless unticked). */
    endOtherSessions: z.boolean().optional().default(true),
  })
  .refine((v) => v.password === v.rePassword, passwordsMatch);
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** The link tokens of verification and reset mails. */
const linkTokenField = required('validation.linkTokenRequired').max(200, 'validation.linkTokenRequired');

export const sendResetPasswordEmailSchema = z.object({ email: emailField, altcha: challengeField });
export type SendResetPasswordEmailInput = z.infer<typeof sendResetPasswordEmailSchema>;

export const resetPasswordSchema = z
  .object({ token: linkTokenField, password: passwordField, rePassword: rePasswordField })
  .refine((v) => v.password === v.rePassword, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: linkTokenField });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
