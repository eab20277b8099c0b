/**
 * Sign-up, sign-in, sign-out and the password reset: one use case per action (auth.actions.ts
 * declares who may call each, its limit, the login CSRF guard and the session cookie). Passwords
 * are hashed and checked in `prepare`, before a write's transaction opens, never inside one.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { authActions } from '../../../common/actions/auth';
import { safeRedirect } from '../../../common/redirect';
import type { UserRow } from '../../db/schema';
import { isSameOrigin } from '../../http/request-context';
import { errors } from '../../infra/errors';
import { clientKey } from '../../infra/rate-limiter';
import type { AppContext } from '../../context';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { enqueueJob, type JobDefinition } from '../../kernel/jobs';
import { findUserById, presentCurrentUser, upgradePasswordHash } from '../users/users.api';
import type { securityActions } from '../../../common/actions/security';
import type { WebAuthnOptions } from '../../../common/views/security';
import { checkTicket, passkeySignInOptions, redeemTicket, relyingParty, verifyPasskeySignIn, type CheckedTicket } from '../security/security.api';
import { attackAlertJob, resetMailJob } from './auth.jobs';
import { checkSignInPassword, findAccount, registerUser, resetPasswordWithCode, signInKey } from './auth.service';
import { checkEmailCode } from './email-codes.service';
import { finishSignIn, openSession, type SignInOutcome } from './finish-signin';
import { hashPassword, needsRehash } from './password';
import { sessionOptions, type OpenedSession } from './session';
import { guardSignIn } from './signin-guard';
import { issueToken, revokeToken } from './tokens.service';

type Input<K extends keyof typeof authActions> = ParsedInputOf<(typeof authActions)[K]>;

/** Before sign-up's transaction: the password's hash. */
export function hashNewPassword({ input }: ReadCall<{ password: string }, undefined>): Promise<string> {
  return hashPassword(input.password);
}

/** POST login/signup, inside the transaction: the member, their first session, the fact. */
export async function signUp({ scope, caller, settings, input, prepared: passwordHash }: WriteCall<Input<'signUp'>, undefined, string>): Promise<OpenedSession> {
  const user = await registerUser(scope.db, { nickname: input.nickname, email: input.email, passwordHash }, caller.now);
  const issued = await issueToken(scope.db, user.id, sessionOptions(caller, settings));
  // The verification mail is a job this fact's handler enqueues here (auth.feature.ts).
  await scope.emit('user.signedUp', { userId: user.id, nickname: user.nickname, email: user.email, locale: caller.locale });
  return { issued, answer: { user: presentCurrentUser(user, { now: caller.now }), token: issued.token, redirect: safeRedirect(input.redirect) } };
}

/**
 * Before sign-in's transaction: the password checked under the sign-in guard (signin-guard.ts:
 * slowed and refused per account and source, the owner warned of an attack). The account is
 * looked up first so its username and e-mail share one count; an unknown name costs the same
 * lookup and is counted under the name.
 */
export async function checkSignIn({ ctx, db, settings, caller, input }: ReadCall<Input<'signIn'>, undefined>): Promise<CheckedSignIn> {
  const account = await findAccount(db, input.username);
  const attempt = { accountKey: signInKey(input.username, account), ipKey: clientKey(caller.origin.ip), account };
  const user = await guardSignIn(ctx, settings, attempt, () => checkSignInPassword(account, input.password), (alert) =>
    enqueueMail(ctx, attackAlertJob, { userId: alert.user.id, failures: alert.failures, windowMs: alert.windowMs }, 'sign-in attack mail not enqueued'),
  );
  // An imported member's old forum hash (bcrypt) is replaced by Sabai's own while the password is at hand.
  const rehash = user.password_hash && needsRehash(user.password_hash) ? await hashPassword(input.password) : null;
  return { user, rehash };
}

/** The member `checkSignIn` let in, and Sabai's own hash of their password when theirs was an imported one. */
export interface CheckedSignIn {
  user: UserRow;
  rehash: string | null;
}

/** POST login/signin, inside the transaction: a session for the member `checkSignIn` let in, or the second step's ticket. */
export async function signIn({ scope, caller, settings, input, prepared }: WriteCall<Input<'signIn'>, undefined, CheckedSignIn>): Promise<SignInOutcome> {
  const { user, rehash } = prepared;
  if (rehash && user.password_hash) await upgradePasswordHash(scope.db, user.id, user.password_hash, rehash, caller.now);
  return finishSignIn(scope, caller, settings, user, { method: 'password', redirect: input.redirect });
}

type SecurityInput<K extends keyof typeof securityActions> = ParsedInputOf<(typeof securityActions)[K]>;

/**
 * Before the second step's transaction: the ticket alive, one more of its tries counted (that
 * stays, whatever follows), the code matched. Nothing is spent yet.
 */
export function checkSecondFactor({ db, caller, input }: ReadCall<SecurityInput<'secondFactor'>, undefined>): Promise<CheckedTicket> {
  return checkTicket(db, input.ticket, input.code, caller.now);
}

/** POST login/second_factor, inside the transaction: the ticket and the code used once, the session. */
export async function secondFactor({ scope, caller, settings, prepared: checked }: WriteCall<SecurityInput<'secondFactor'>, undefined, CheckedTicket>): Promise<OpenedSession> {
  await redeemTicket(scope.db, checked, caller.now);
  const user = await findUserById(scope.db, checked.userId);
  if (!user) throw errors.validation({ ticket: 'security.errors.ticketExpired' });
  return openSession(scope, caller, settings, user, checked.redirect);
}

/** POST login/passkey/options: the challenge kept, the options for the browser. */
export async function passkeySignInOptionsOf({ scope, ctx, caller, settings }: WriteCall<SecurityInput<'passkeySignInOptions'>, undefined>): Promise<WebAuthnOptions> {
  return { options: await passkeySignInOptions(scope.db, relyingParty(ctx, settings.siteTitle), caller.now) };
}

/** POST login/passkey, inside the transaction: the passkey verified (challenge once, counter on), the session. */
export async function passkeySignIn({ scope, ctx, caller, settings, input }: WriteCall<SecurityInput<'passkeySignIn'>, undefined>): Promise<SignInOutcome> {
  const userId = await verifyPasskeySignIn(scope.db, relyingParty(ctx, settings.siteTitle), input.response, caller.now);
  const user = await findUserById(scope.db, userId);
  if (!user) throw errors.validation({ response: 'security.errors.passkeyUnknown' });
  return finishSignIn(scope, caller, settings, user, { method: 'passkey', redirect: input.redirect });
}

/**
 * GET login/signout: the session's token revoked (the cookie is cleared by `endSession`). A GET
 * cannot be refused by the global same-origin check, and another site must not be able to sign
 * a visitor out through their cookie either: checked here, where the session (and whether it
 * came by cookie) is known; nothing is spent or read before it.
 */
export async function signOut({ db, caller, headers }: ReadCall<Input<'signOut'>, undefined>): Promise<null> {
  const { session } = caller;
  if (session?.via === 'cookie' && !isSameOrigin({ headers })) throw errors.forbidden('errors.crossOrigin');
  if (session) await revokeToken(db, session.token);
  return null;
}

/**
 * POST login/send_reset_password_email. The answer is the same, and as fast, whether or not the
 * account exists: every valid request enqueues the job, which looks the account up and spends the
 * recipient's budget after the answer (auth.jobs.ts).
 */
export async function sendResetPasswordEmail({ ctx, caller, input }: ReadCall<Input<'sendResetPasswordEmail'>, undefined>): Promise<null> {
  await enqueueMail(ctx, resetMailJob, { email: input.email, locale: caller.locale }, 'password reset mail not enqueued');
  return null;
}

/**
 * A mail owed without a write (a refused sign-in's alert, a reset request): a job in a short
 * transaction of its own, committed before the answer and sent after it. A failure to enqueue is
 * logged and the answer stays what it was: it must say nothing about the account.
 */
async function enqueueMail<P>(ctx: AppContext, job: JobDefinition<P>, payload: P, failure: string): Promise<void> {
  try {
    await enqueueJob(ctx, job, payload);
  } catch (error) {
    ctx.log.error({ err: error }, failure);
  }
}

/** Before the reset's transaction: a bad link is refused before a password hash is spent on it (the transaction checks again). */
export async function checkResetLink({ db, caller, input }: ReadCall<Input<'resetPassword'>, undefined>): Promise<string> {
  await checkEmailCode(db, input.token, 'reset', caller.now);
  return hashPassword(input.password);
}

/** POST login/reset_password, inside the transaction: the link used once, the new password, every session ended. */
export async function resetPassword({ scope, caller, input, prepared: passwordHash }: WriteCall<Input<'resetPassword'>, undefined, string>): Promise<null> {
  await resetPasswordWithCode(scope.db, input.token, passwordHash, { now: caller.now, ip: caller.origin.ip });
  return null;
}
