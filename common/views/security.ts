/**
 * Two-factor authentication and passkeys (issue 29) as the API and the pages see them. Nothing
 * secret is ever in these answers but the TOTP secret of a setup (`TotpSetup`, shown once, before
 * it is confirmed) and the recovery codes just made (`RecoveryCodes`, shown once).
 */
import { z } from '../zod';

/** A passkey of the member: the name they gave it, when it was added and last used (0: never). */
export const passkeyViewSchema = z
  .strictObject({
    id: z.number(),
    name: z.string(),
    createTime: z.number(),
    lastUsedTime: z.number(),
  })
  .meta({ id: 'PasskeyView' });
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

/** GET user/security: the member's factors (never a secret), and whether the site asks it of them. */
export const securityViewSchema = z
  .strictObject({
    totpEnabled: z.boolean(),
    /** Unused recovery codes left (0 without TOTP). */
    recoveryCodesLeft: z.number(),
    passkeys: z.array(passkeyViewSchema),
    /** The site requires a second factor of staff, this member is staff and has none yet. */
    setupRequired: z.boolean(),
  })
  .meta({ id: 'SecurityView' });
export type SecurityView = z.infer<typeof securityViewSchema>;

/** POST user/security/totp/setup: the new secret (shown this once), its otpauth URI and QR code (SVG). */
export const totpSetupSchema = z
  .strictObject({
    secret: z.string(),
    uri: z.string(),
    qrSvg: z.string(),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST user/security/totp/confirm and recovery_codes: the ten recovery codes, shown this once (stored hashed). */
export const recoveryCodesSchema = z
  .strictObject({ codes: z.array(z.string()), security: securityViewSchema })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * POST user/security/passkey/options and login/passkey/options: the WebAuthn options for the
 * browser (`navigator.credentials.create` / `get`, through @simplewebauthn/browser), as JSON.
 * Their shape is WebAuthn's (W3C Level 3 JSON forms), passed through as the library makes it.
 */
export const webAuthnOptionsSchema = z
  .strictObject({ options: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebAuthnOptions' });
export type WebAuthnOptions = z.infer<typeof webAuthnOptionsSchema>;
