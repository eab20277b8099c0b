/**
 * The auth feature's actions (ADR 0021): sign-up, sign-in, sign-out, the password reset, and a
 * member's e-mail, password and verification — who may call each, its limit, its answer and the
 * use case it runs. The routes are made from these; nothing else decides.
 *
 * Where the rules that need the request run:
 *   - the login CSRF refusal (`refuseCrossSite`) is a guard: it reads only the request's headers,
 *     and must come before the sign-in or sign-up limit is spent and before any field error;
 *   - sign-out's same-origin check is in its use case: it needs the caller's session (whether
 *     the token came by cookie), and sign-out spends and reads nothing before it;
 *   - the session cookie is each action's `respond` (session.ts), the HTTP door's last step.
 */
import { authActions } from '../../../common/actions/auth';
import { securityActions } from '../../../common/actions/security';
import { sessionSchema, signInAnswerSchema, verifiedEmailSchema } from '../../../common/views/auth';
import { webAuthnOptionsSchema } from '../../../common/views/security';
import { nothingSchema } from '../../../common/views/page';
import { currentUserSchema } from '../../../common/views/user';
import type { UserRow } from '../../db/schema';
import { isSameOrigin } from '../../http/request-context';
import { errors } from '../../infra/errors';
import { limit, readAction, who, writeAction, type Guard, type LimitRule } from '../../kernel/actions';
import { checkPasswordChange, hashFirstPassword, presentAccount, sendVerifyEmail, setEmail, setPassword, updatePassword, verifyEmail } from './account.usecases';
import { checkResetLink, checkSecondFactor, checkSignIn, hashNewPassword, passkeySignIn, passkeySignInOptionsOf, resetPassword, secondFactor, sendResetPasswordEmail, signIn, signOut, signUp } from './auth.usecases';
import { startSignIn } from './finish-signin';
import { requireSolvedChallenge } from '../challenge/challenge.api';
import { accountRule } from './rate-rules';
import { endSession, startSession } from './session';

/**
 * Login CSRF: another site must not sign a visitor in (to the attacker's account) or up. A
 * browser names a cross-site request by Origin or Sec-Fetch-Site; API clients that send
 * neither are not browsers acting for someone, and pass.
 */
const refuseCrossSite: Guard = (_ctx, _settings, _raw, request) => {
  if (!isSameOrigin(request)) throw errors.forbidden('errors.crossOrigin');
};

/** The member's unverified address, when a verification mail would go to it (else nothing is spent on it). */
function mailable(user: UserRow | null): UserRow | null {
  return user?.email && !user.email_verified ? user : null;
}

/**
 * Verification mails: per IP (shared with reset mails) on every attempt; per recipient (shared
 * with reset mails: a member could point set_email at a stranger's mailbox and repeat this from
 * many IPs) and per member only when a mail is going out.
 */
const verifyMailRules: LimitRule[] = [
  { rule: (s) => accountRule(s, 'mailPerIp'), key: 'ip' },
  { rule: (s) => accountRule(s, 'mailPerRecipient'), key: ({ caller }) => mailable(caller.viewer)?.email ?? null },
  { rule: (s) => accountRule(s, 'mailPerUser'), key: ({ caller }) => (mailable(caller.viewer) ? String(caller.viewer?.id) : null) },
];

/**
 * The one-time links (verification, reset) carry 256 random bits, so guessing one is hopeless;
 * still, every check costs a lookup, and a source trying link after link is doing nothing else.
 * Checks are limited per IP, counting failures only: the hit is taken before the input is read
 * (parallel tries count) and given back when the link worked, so a member who opens their mails
 * is never refused.
 */
const linkCheckLimit = limit.perIp((s) => accountRule(s, 'linkCheckPerIp'), { stage: 'beforeInput', onSuccess: 'release' });

const ACCOUNT_SECURITY = 'account security: the member keeps control of their password';

export const authActionList = [
  writeAction(authActions.signUp, {
    who: who.anyone('no account yet'),
    guards: [refuseCrossSite, requireSolvedChallenge],
    limit: limit.perIp((s) => accountRule(s, 'signupPerIp'), { stage: 'beforeInput' }),
    answer: sessionSchema,
    prepare: hashNewPassword,
    run: signUp,
    respond: startSession,
  }),
  writeAction(authActions.signIn, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    // Taken before the password is checked (parallel guesses count too); a success gives the IP
    // its hit back, so the rule counts failures from one IP across accounts. The per-account
    // guard (slow-down, per account and source, the attack alert) is signin-guard.ts's.
    limit: limit.perIp((s) => accountRule(s, 'signinPerIp'), { stage: 'beforeInput', onSuccess: 'release' }),
    answer: signInAnswerSchema,
    prepare: checkSignIn,
    run: signIn,
    respond: startSignIn,
  }),
  // The second step (issue 29): the ticket's own tries (5) and expiry bound one sign-in; this
  // bounds one source across tickets, counting failures only, as the password's step does.
  writeAction(securityActions.secondFactor, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    limit: limit.perIp((s) => accountRule(s, 'signinPerIp'), { stage: 'beforeInput', onSuccess: 'release' }),
    answer: sessionSchema,
    prepare: checkSecondFactor,
    run: secondFactor,
    respond: startSession,
  }),
  writeAction(securityActions.passkeySignInOptions, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    // A challenge row per call (swept after 5 minutes): as many as sign-in attempts from one source.
    limit: limit.perIp((s) => accountRule(s, 'signinPerIp'), { stage: 'beforeInput' }),
    answer: webAuthnOptionsSchema,
    run: passkeySignInOptionsOf,
  }),
  writeAction(securityActions.passkeySignIn, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    limit: limit.perIp((s) => accountRule(s, 'signinPerIp'), { stage: 'beforeInput', onSuccess: 'release' }),
    answer: signInAnswerSchema,
    run: passkeySignIn,
    respond: startSignIn,
  }),
  readAction(authActions.signOut, {
    who: who.anyone(),
    answer: nothingSchema,
    run: signOut,
    respond: endSession,
  }),
  // A read though a POST: the mail (and its code) is made after the answer, outside any transaction.
  readAction(authActions.sendResetPasswordEmail, {
    who: who.anyone('account recovery stays open'),
    guards: [requireSolvedChallenge],
    limit: limit.perIp((s) => accountRule(s, 'mailPerIp'), { stage: 'beforeInput' }),
    answer: nothingSchema,
    run: sendResetPasswordEmail,
  }),
  writeAction(authActions.resetPassword, {
    who: who.anyone('account recovery stays open'),
    limit: linkCheckLimit,
    answer: nothingSchema,
    prepare: checkResetLink,
    run: resetPassword,
  }),
  writeAction(authActions.setEmail, {
    who: who.member('account security: the member keeps control of their sign-in address'),
    limit: limit.none('one’s own address, rewritten in place; the verification mail it needs is limited'),
    answer: currentUserSchema,
    run: setEmail,
    present: presentAccount,
  }),
  writeAction(authActions.setPassword, {
    who: who.member(ACCOUNT_SECURITY),
    limit: limit.none('a first password, once: a second is refused'),
    answer: currentUserSchema,
    prepare: hashFirstPassword,
    run: setPassword,
    present: presentAccount,
  }),
  writeAction(authActions.updatePassword, {
    who: who.member(ACCOUNT_SECURITY),
    // Whoever holds a session must not be able to guess the password behind it: every check
    // counts, a right one clears the count.
    limit: limit.perUser((s) => accountRule(s, 'passwordCheckPerUser'), { stage: 'beforeInput', onSuccess: 'reset' }),
    answer: currentUserSchema,
    prepare: checkPasswordChange,
    run: updatePassword,
    present: presentAccount,
  }),
  // A read though a POST: the code is written and the mail sent outside any transaction (none is held across SMTP).
  readAction(authActions.sendVerifyEmail, {
    who: who.member('account security: verifying the address they sign in with'),
    limit: limit.rules(verifyMailRules, { stage: 'beforeInput' }),
    answer: nothingSchema,
    run: sendVerifyEmail,
  }),
  writeAction(authActions.verifyEmail, {
    who: who.anyone('the verification link, by its token'),
    limit: linkCheckLimit,
    answer: verifiedEmailSchema,
    run: verifyEmail,
  }),
];
