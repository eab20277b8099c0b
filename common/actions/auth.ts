/**
 * Sign-in and the account's security (API.md "Sign-in and account"): sign-up, sign-in, sign-out,
 * the password reset, and a member's e-mail, password and verification. The contracts of the
 * auth feature's actions.
 */
import { z } from '../zod';
import {
  resetPasswordSchema,
  sendResetPasswordEmailSchema,
  setEmailSchema,
  setPasswordSchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  verifyEmailSchema,
} from '../validation/account';
import type { SessionAnswer, SignInAnswer, VerifiedEmail } from '../views/auth';
import type { CurrentUser } from '../views/user';
import { contract, returns } from './contract';

export const authActions = {
  signUp: contract({
    name: 'auth.signUp',
    method: 'POST',
    path: '/api/login/signup',
    input: signUpSchema,
    output: returns<SessionAnswer>(),
    summary: 'Creates a member account and signs it in (the session cookie is set); the verification link is mailed at once.',
  }),
  signIn: contract({
    name: 'auth.signIn',
    method: 'POST',
    path: '/api/login/signin',
    input: signInSchema,
    output: returns<SignInAnswer>(),
    summary: 'Signs in by username or e-mail and password (the session cookie is set); failures are slowed and counted per account and source. A member with two-factor authentication gets a ticket for the second step (POST login/second_factor) instead of a session.',
  }),
  signOut: contract({
    name: 'auth.signOut',
    method: 'GET',
    path: '/api/login/signout',
    input: z.object({}),
    output: returns<null>(),
    summary: 'Ends the session: its token is revoked and the cookie cleared; other sessions stay.',
  }),
  sendResetPasswordEmail: contract({
    name: 'auth.sendResetPasswordEmail',
    method: 'POST',
    path: '/api/login/send_reset_password_email',
    input: sendResetPasswordEmailSchema,
    output: returns<null>(),
    summary: 'Mails a one-time password reset link; the same answer, as fast, whether or not the address has an account.',
  }),
  resetPassword: contract({
    name: 'auth.resetPassword',
    method: 'POST',
    path: '/api/login/reset_password',
    input: resetPasswordSchema,
    output: returns<null>(),
    summary: 'Sets a new password with a reset link (used once); every session of the account ends.',
  }),
  setEmail: contract({
    name: 'auth.setEmail',
    method: 'POST',
    path: '/api/user/set_email',
    input: setEmailSchema,
    output: returns<CurrentUser>(),
    summary: 'Changes the e-mail (unverified again); earlier verification and reset links die.',
  }),
  setPassword: contract({
    name: 'auth.setPassword',
    method: 'POST',
    path: '/api/user/set_password',
    input: setPasswordSchema,
    output: returns<CurrentUser>(),
    summary: 'Sets the first password of an account that has none.',
  }),
  updatePassword: contract({
    name: 'auth.updatePassword',
    method: 'POST',
    path: '/api/user/update_password',
    input: updatePasswordSchema,
    output: returns<CurrentUser>(),
    summary: 'Changes the password with the current one; this session stays, every other ends.',
  }),
  sendVerifyEmail: contract({
    name: 'auth.sendVerifyEmail',
    method: 'POST',
    path: '/api/user/send_verify_email',
    input: z.object({}),
    output: returns<null>(),
    summary: 'Mails a verification link to the member’s unverified e-mail.',
  }),
  verifyEmail: contract({
    name: 'auth.verifyEmail',
    method: 'POST',
    path: '/api/user/verify_email',
    input: verifyEmailSchema,
    output: returns<VerifiedEmail>(),
    summary: 'Verifies the address a verification link was sent to (used once).',
  }),
};
