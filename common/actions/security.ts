/**
 * Two-factor authentication and passkeys (issue 29): the second step of a sign-in, passkey
 * sign-in, and a member's own factors (TOTP, recovery codes, passkeys). The sign-in routes are
 * the auth feature's (they open the session); the settings routes the security feature's.
 */
import { z } from '../zod';
import {
  addPasskeySchema,
  confirmTotpSchema,
  currentCodeSchema,
  passkeySignInSchema,
  removePasskeySchema,
  renamePasskeySchema,
  resetSecuritySchema,
  secondFactorSchema,
} from '../validation/security';
import type { SessionAnswer, SignInAnswer } from '../views/auth';
import type { RecoveryCodes, SecurityView, TotpSetup, WebAuthnOptions } from '../views/security';
import { contract, returns } from './contract';

export const securityActions = {
  secondFactor: contract({
    name: 'auth.secondFactor',
    method: 'POST',
    path: '/api/login/second_factor',
    input: secondFactorSchema,
    output: returns<SessionAnswer>(),
    summary: 'The second step of a sign-in: the ticket the first step answered and a TOTP or recovery code; opens the session (cookie set). A ticket lasts 5 minutes, is used once and allows 5 tries.',
  }),
  passkeySignInOptions: contract({
    name: 'auth.passkeySignInOptions',
    method: 'POST',
    path: '/api/login/passkey/options',
    input: z.object({}),
    output: returns<WebAuthnOptions>(),
    summary: 'WebAuthn options for signing in with a passkey (discoverable credentials: no username); the challenge is kept by the server, used once, for 5 minutes.',
  }),
  passkeySignIn: contract({
    name: 'auth.passkeySignIn',
    method: 'POST',
    path: '/api/login/passkey',
    input: passkeySignInSchema,
    output: returns<SignInAnswer>(),
    summary: 'Signs in with a passkey (the browser’s WebAuthn answer to the options); no password and no second step.',
  }),
  state: contract({
    name: 'security.state',
    method: 'GET',
    path: '/api/user/security',
    input: z.object({}),
    output: returns<SecurityView>(),
    summary: 'The member’s second factors: TOTP on or off, recovery codes left, passkeys (names and times; nothing secret).',
  }),
  totpSetup: contract({
    name: 'security.totpSetup',
    method: 'POST',
    path: '/api/user/security/totp/setup',
    input: z.object({}),
    output: returns<TotpSetup>(),
    summary: 'Starts setting up TOTP: a new secret, shown this once with its QR code; it is not on until confirmed with a code.',
  }),
  totpConfirm: contract({
    name: 'security.totpConfirm',
    method: 'POST',
    path: '/api/user/security/totp/confirm',
    input: confirmTotpSchema,
    output: returns<RecoveryCodes>(),
    summary: 'Turns TOTP on with a first code from the app; answers ten recovery codes (shown this once, stored hashed); optionally ends every other session.',
  }),
  totpDisable: contract({
    name: 'security.totpDisable',
    method: 'POST',
    path: '/api/user/security/totp/disable',
    input: currentCodeSchema,
    output: returns<SecurityView>(),
    summary: 'Turns TOTP off with a current code (or a recovery code); the recovery codes go with it.',
  }),
  regenerateRecoveryCodes: contract({
    name: 'security.regenerateRecoveryCodes',
    method: 'POST',
    path: '/api/user/security/recovery_codes',
    input: currentCodeSchema,
    output: returns<RecoveryCodes>(),
    summary: 'Ten new recovery codes with a current code; the old ones stop working.',
  }),
  passkeyOptions: contract({
    name: 'security.passkeyOptions',
    method: 'POST',
    path: '/api/user/security/passkey/options',
    input: z.object({}),
    output: returns<WebAuthnOptions>(),
    summary: 'WebAuthn options for adding a passkey (a discoverable credential); the challenge is kept by the server, used once.',
  }),
  passkeyAdd: contract({
    name: 'security.passkeyAdd',
    method: 'POST',
    path: '/api/user/security/passkey/add',
    input: addPasskeySchema,
    output: returns<SecurityView>(),
    summary: 'Adds a passkey from the browser’s WebAuthn answer, under a name; optionally ends every other session.',
  }),
  passkeyRename: contract({
    name: 'security.passkeyRename',
    method: 'POST',
    path: '/api/user/security/passkey/rename',
    input: renamePasskeySchema,
    output: returns<SecurityView>(),
    summary: 'Renames one of the member’s passkeys.',
    notFound: 'security.errors.passkeyNotFound',
  }),
  passkeyRemove: contract({
    name: 'security.passkeyRemove',
    method: 'POST',
    path: '/api/user/security/passkey/remove',
    input: removePasskeySchema,
    output: returns<SecurityView>(),
    summary: 'Removes one of the member’s passkeys.',
  }),
  adminReset: contract({
    name: 'security.adminReset',
    method: 'POST',
    path: '/api/admin/two_factor/reset',
    input: resetSecuritySchema,
    output: returns<null>(),
    summary: 'Admins: removes a member’s TOTP, recovery codes and passkeys (a lost device); their sessions stay.',
  }),
};
