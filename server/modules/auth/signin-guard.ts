/**
 * Failed sign-ins, counted so that guessing is slow and nobody can lock a member out. A refusal
 * counted per account alone (ten wrong passwords from anywhere, then 429 for everyone) let any
 * stranger keep the owner out; so failures are counted per account *and* source (the client's
 * IP, by `clientKey`):
 *
 *   - a source failing on an account waits longer at each attempt (the first three go at full
 *     speed, then 0.5 s doubling to 8 s), and past the `signinPerAccount` limit gets 429 for
 *     that account until the window ends;
 *   - the owner signing in from a source that has not been failing is never slowed or refused;
 *   - the per-IP limit across accounts (`signinPerIp`, in the route) still stops one source
 *     spraying many accounts;
 *   - every failure on the account, from any source, is counted too: when the count reaches
 *     `signinAttackAlert` the owner is mailed, once per window (the atomic counter reaches that
 *     number exactly once, on any number of processes sharing Redis).
 *
 * Attempts are counted before the password is checked, so parallel guesses are slowed as well;
 * a success clears its own source's count.
 */
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, errors } from '../../infra/errors';
import type { Settings } from '../settings/settings.api';
import { accountRule } from './rate-rules';

/** Failures of one account from one source that cost nothing: a member mistyping. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 8_000;

/** How long an attempt waits after `failures` attempts of its account and source since the last success. */
export function signInDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export interface SignInAttempt {
  /** The account's counter key (`signInKey`): the account when one is named, else the name. */
  accountKey: string;
  /** The source's counter key (`clientKey(request.ip)`). */
  ipKey: string;
  /** The account, when the identifier names one: the owner to warn. */
  account: UserRow | undefined;
}

/** What a sign-in under attack hands back for the mail, sent after the answer. */
export interface AttackAlert {
  user: UserRow;
  failures: number;
  windowMs: number;
}

function pairKey(attempt: SignInAttempt): string {
  return `${attempt.accountKey}@${attempt.ipKey}`;
}

/**
 * Counts the attempt for its account and source, refuses it past the limit (429, Retry-After),
 * else waits as long as the earlier attempts ask (on `ctx.sleep`, which tests replace).
 */
async function admit(ctx: AppContext, settings: Settings, attempt: SignInAttempt): Promise<void> {
  const rule = accountRule(settings, 'signinPerAccountIp');
  const hit = await ctx.limiter.hit(rule, pairKey(attempt));
  if (!hit) return;
  if (hit.count > rule.max) throw errors.rateLimited(hit.retryAfterSeconds);
  await ctx.sleep(signInDelayMs(hit.count - 1));
}

/** Counts a failure on the account from anywhere; answers the alert when this one reaches the threshold. */
async function countFailure(ctx: AppContext, settings: Settings, attempt: SignInAttempt): Promise<AttackAlert | null> {
  const rule = accountRule(settings, 'signinAttackAlert');
  const hit = await ctx.limiter.hit(rule, attempt.accountKey);
  const owner = attempt.account;
  if (!hit || hit.count !== rule.max || !owner?.email || owner.status !== 0) return null;
  return { user: owner, failures: hit.count, windowMs: rule.windowMs };
}

/**
 * Runs `check` (the password check: the user, or null for a wrong password) under the guard.
 * A wrong password is 400 `badCredentials`; a source past its limit on this account is 429.
 * Either counts against the account, and `onAlert` hears when that makes it "under attack"
 * (awaited: the alert's job is enqueued before the refusal is answered).
 */
export async function guardSignIn(
  ctx: AppContext,
  settings: Settings,
  attempt: SignInAttempt,
  check: () => Promise<UserRow | null>,
  onAlert: (alert: AttackAlert) => void | Promise<void>,
): Promise<UserRow> {
  let user: UserRow | null = null;
  try {
    await admit(ctx, settings, attempt);
    user = await check();
    if (!user) throw errors.badRequest('errors.account.badCredentials');
  } catch (error) {
    if (error instanceof AppError) {
      const alert = await countFailure(ctx, settings, attempt);
      if (alert) await onAlert(alert);
    }
    throw error;
  }
  await ctx.limiter.reset(accountRule(settings, 'signinPerAccountIp'), pairKey(attempt));
  return user;
}
