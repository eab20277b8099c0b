/**
 * Every way in ends here: the password (auth.usecases.ts `signIn`), a sign-in provider, a phone
 * code, a passkey (issue 29). Whoever proved who they are, this is the one place that decides
 * whether a session opens now or a second factor is asked first, so no way in can skip it.
 */
import { safeRedirect } from '../../../common/redirect';
import type { UserRow } from '../../db/schema';
import type { Caller } from '../../kernel/caller';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Settings } from '../settings/settings.api';
import { presentCurrentUser } from '../users/users.api';
import { cancelDeletionOnSignIn } from '../account-data/account-data.api';
import { sessionOptions, type OpenedSession } from './session';
import { issueToken } from './tokens.service';

/** How the member proved who they are (kept for the sessions list and the second-factor rule). */
export type SignInMethod = 'password' | 'provider' | 'phone' | 'passkey' | 'signup';

/** A member who proved who they are: a session for them (inside the write's transaction). */
export async function finishSignIn(
  db: Kysely<DB>,
  caller: Pick<Caller, 'now' | 'origin'>,
  settings: Pick<Settings, 'tokenExpireDays'>,
  user: UserRow,
  opts: { method: SignInMethod; redirect?: string | null },
): Promise<OpenedSession> {
  await cancelDeletionOnSignIn(db, user.id); // Signing in within the erasure's grace period cancels it (issue 29).
  const issued = await issueToken(db, user.id, sessionOptions(caller, settings));
  return { issued, answer: { user: presentCurrentUser(user, { now: caller.now }), token: issued.token, redirect: safeRedirect(opts.redirect) } };
}
