/**
 * What the two-factor and passkey screens send (issue 29), checked on both sides: a TOTP code
 * (six digits; spaces a person types are dropped), a recovery code (`xxxxx-xxxxx`, case and
 * dashes forgiven), a passkey's name, and a WebAuthn response as the browser's
 * `PublicKeyCredential.toJSON()` gives it (its bytes base64url; the server verifies them).
 */
import { z } from '../zod';
import { idField } from './fields';

export const TICKET_LENGTH = 43;
export const PASSKEY_NAME_MAX = 64;

/** Six digits, spaces dropped. */
export const totpCodeField = z
  .string({ error: 'security.validation.code' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d{6}$/.test(value), 'security.validation.code');

/** A TOTP code or a recovery code (the second step, turning TOTP off). */
export const anyCodeField = z
  .string({ error: 'security.validation.anyCode' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d{6}$/.test(value) || /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value), 'security.validation.anyCode');

export const ticketField = z
  .string({ error: 'security.validation.ticket' })
  .refine((value) => value.length === TICKET_LENGTH && /^[A-Za-z0-9_-]+$/.test(value), 'security.validation.ticket');

export const passkeyNameField = z
  .string({ error: 'security.validation.name' })
  .trim()
  .min(1, 'security.validation.name')
  .max(PASSKEY_NAME_MAX, 'security.validation.name');

const b64url = (max: number) => z.string({ error: 'security.validation.passkeyResponse' }).max(max, 'security.validation.passkeyResponse').regex(/^[A-Za-z0-9_-]*=*$/, 'security.validation.passkeyResponse');

/** The credential part both ceremonies share. */
const credentialBase = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: 'security.validation.passkeyResponse' }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'security.validation.passkeyResponse' }).optional(),
};

/** `navigator.credentials.create()`'s answer, as JSON. */
export const registrationResponseField = z.object(
  {
    ...credentialBase,
    response: z.object({
      clientDataJSON: b64url(8192),
      attestationObject: b64url(16384),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().optional(),
      publicKey: b64url(4096).optional(),
      authenticatorData: b64url(16384).optional(),
    }),
  },
  { error: 'security.validation.passkeyResponse' },
);

/** `navigator.credentials.get()`'s answer, as JSON. */
export const authenticationResponseField = z.object(
  {
    ...credentialBase,
    response: z.object({
      clientDataJSON: b64url(8192),
      authenticatorData: b64url(16384),
      signature: b64url(4096),
      userHandle: b64url(1024).optional(),
    }),
  },
  { error: 'security.validation.passkeyResponse' },
);

/** POST login/second_factor. */
export const secondFactorSchema = z.object({ ticket: ticketField, code: anyCodeField });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** POST user/security/totp/confirm: the first code from the app; whether to sign out elsewhere. */
export const confirmTotpSchema = z.object({ code: totpCodeField, endOtherSessions: z.boolean().default(false) });
export type ConfirmTotpInput = z.input<typeof confirmTotpSchema>;

/** POST user/security/totp/disable and recovery_codes: a current code (TOTP or recovery). */
export const currentCodeSchema = z.object({ code: anyCodeField });
export type CurrentCodeInput = z.input<typeof currentCodeSchema>;

/** POST user/security/passkey/add. */
export const addPasskeySchema = z.object({ name: passkeyNameField, response: registrationResponseField, endOtherSessions: z.boolean().default(false) });

/** POST user/security/passkey/rename. */
export const renamePasskeySchema = z.object({ id: idField, name: passkeyNameField });
export type RenamePasskeyInput = z.input<typeof renamePasskeySchema>;

/** POST user/security/passkey/remove. */
export const removePasskeySchema = z.object({ id: idField });

/** POST login/passkey. */
export const passkeySignInSchema = z.object({ response: authenticationResponseField, redirect: z.string().optional().catch(undefined) });

/** POST admin/two_factor/reset: a member who lost their device (admins only). */
export const resetSecuritySchema = z.object({ userId: idField });
