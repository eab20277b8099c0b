/**
 * Every way in ends here: the password (auth.usecases.ts `signIn`), a sign-in provider, a phone
 * code, a passkey (issue 29). Whoever proved who they are, this is the one place that decides
 * whether a session opens now or a second factor is asked first, so no way in can skip it.
 *
 * How a way in uses it (inside its write's transaction):
 *
 *   const outcome = await finishSignIn(scope, caller, settings, user, { method: 'phone', redirect });
 *
 * - a JSON action answers `signInAnswer(outcome)` (declare `answer: signInAnswerSchema` and
 *   `respond: startSignIn`, which sets the cookie only when a session opened);
 * - a redirect flow (a provider's GET callback) returns `outcome` from its use case and, in its
 *   `respond`, calls `signInRedirect(outcome, http)`: the session cookie set and the page to go to,
 *   or `/user/signin/second-factor?ticket=…` when the second step is due; then redirects there.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isModerator } from '../../../common/policy';
import { safeRedirect } from '../../../common/redirect';
import type { SecondFactorNeeded, SignInAnswer } from '../../../common/views/auth';
import type { UserRow } from '../../db/schema';
import type { Caller } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import './auth.events';
import type { Settings } from '../settings/settings.api';
import { needsSecondFactor, openTicket, staffMustEnrol } from '../security/security.api';
import { presentCurrentUser } from '../users/users.api';
import { sessionOptions, setSessionCookie, type OpenedSession } from './session';
import { issueToken } from './tokens.service';

/** How the member proved who they are (kept for the sessions list and the second-factor rule). */
export type SignInMethod = 'password' | 'provider' | 'phone' | 'passkey' | 'signup' | 'secondFactor';

/** The ways in a confirmed TOTP adds a second step to (a passkey is strong alone). */
const NEEDS_SECOND_STEP: ReadonlySet<SignInMethod> = new Set(['password', 'provider', 'phone']);

/** The second step's page. */
export const SECOND_FACTOR_PATH = '/user/signin/second-factor';
/** Where staff without a second factor land while the site requires one. */
export const SECURITY_SETTINGS_PATH = '/user/profile/security';

/** What a way in ends with: a session opened, or the second step owed first (no session yet). */
export type SignInOutcome = { kind: 'session'; session: OpenedSession } | { kind: 'secondFactor'; answer: SecondFactorNeeded };

/** The second step's page for a ticket (a redirect flow's target). */
export function secondFactorPath(ticket: string, redirect: string): string {
  return `${SECOND_FACTOR_PATH}?ticket=${encodeURIComponent(ticket)}&redirect=${encodeURIComponent(redirect)}`;
}

/** A session for the member, now (no second-factor rule: the caller made it already). */
export async function openSession(
  scope: WriteScope,
  caller: Pick<Caller, 'now' | 'origin'>,
  settings: Pick<Settings, 'tokenExpireDays' | 'requireStaffTwoFactor'>,
  user: UserRow,
  redirect: string,
): Promise<OpenedSession> {
  // Recorded when a session opens: after the second step if one was owed, never on a password
  // alone (account-data cancels a scheduled erasure on it, issue 29).
  await scope.emit('user.signedIn', { userId: user.id });
  const issued = await issueToken(scope.db, user.id, sessionOptions(caller, settings));
  // Staff the site requires a second factor of, without one: to the security settings first.
  const next = isModerator(user) && (await staffMustEnrol(scope.db, user, settings)) ? `${SECURITY_SETTINGS_PATH}?required=1` : redirect;
  return { issued, answer: { user: presentCurrentUser(user, { now: caller.now }), token: issued.token, redirect: next } };
}

/** A member who proved who they are: a session for them, or a ticket for the second step (inside the write's transaction). */
export async function finishSignIn(
  scope: WriteScope,
  caller: Pick<Caller, 'now' | 'origin'>,
  settings: Pick<Settings, 'tokenExpireDays' | 'requireStaffTwoFactor'>,
  user: UserRow,
  opts: { method: SignInMethod; redirect?: string | null },
): Promise<SignInOutcome> {
  const redirect = safeRedirect(opts.redirect);
  if (NEEDS_SECOND_STEP.has(opts.method) && (await needsSecondFactor(scope.db, user.id))) {
    const ticket = await openTicket(scope.db, { userId: user.id, method: opts.method, redirect, now: caller.now });
    return { kind: 'secondFactor', answer: { secondFactor: true, ticket, redirect: secondFactorPath(ticket, redirect) } };
  }
  return { kind: 'session', session: await openSession(scope, caller, settings, user, redirect) };
}

/** A JSON way in's answer (`signInAnswerSchema`): the session, or the second step's ticket. */
export function signInAnswer(outcome: SignInOutcome): SignInAnswer {
  return outcome.kind === 'session' ? outcome.session.answer : outcome.answer;
}

/** A JSON way in's `respond`: the cookie set when a session opened; the answer either way. */
export function startSignIn(outcome: SignInOutcome, { request, reply }: { request: FastifyRequest; reply: FastifyReply }): SignInAnswer {
  if (outcome.kind === 'session') setSessionCookie(request, reply, outcome.session.issued);
  return signInAnswer(outcome);
}

/** A redirect flow's target: the cookie set and where the member was going, or the second step's page. */
export function signInRedirect(outcome: SignInOutcome, { request, reply }: { request: FastifyRequest; reply: FastifyReply }): string {
  if (outcome.kind === 'secondFactor') return outcome.answer.redirect;
  setSessionCookie(request, reply, outcome.session.issued);
  return outcome.session.answer.redirect;
}

