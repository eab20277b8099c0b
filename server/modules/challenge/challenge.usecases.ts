/** The proof-of-work challenge's use cases and guard (issue 28). */
import type { ChallengeView } from '../../../common/views/defences';
import { requireDb } from '../../context';
import { errors } from '../../infra/errors';
import type { Guard, ReadCall } from '../../kernel/actions';
import { challengeSecrets, makeChallenge, spendSolution } from './challenge.service';

/** GET auth/challenge: a fresh challenge (403 while the site has the challenge switched off). */
export async function newChallenge({ db, caller, settings }: ReadCall<Record<string, never>, undefined>): Promise<ChallengeView> {
  if (!settings.challenge.enabled) throw errors.forbidden('defences.challenge.off');
  return makeChallenge(await challengeSecrets(db, caller.now), caller.now);
}

/**
 * The guard of sign-up and the password reset request: while the setting is on, the body's
 * `altcha` must be a solved challenge of this site, unexpired and unused (400 naming `altcha`),
 * before any other field is read or any limit spent.
 */
export const requireSolvedChallenge: Guard = async (ctx, settings, raw) => {
  if (!settings.challenge.enabled) return;
  await spendSolution(requireDb(ctx), raw.altcha, ctx.clock.now());
};
