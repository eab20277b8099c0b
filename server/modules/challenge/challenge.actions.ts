/**
 * The proof-of-work challenge's action (ADR 0021, issue 28): anyone fetches a challenge, limited
 * per address (each costs the server one key derivation and a signature). The guard that checks a
 * solution is `requireSolvedChallenge`, declared by sign-up and the password reset request.
 */
import { challengeActions } from '../../../common/actions/defences';
import { challengeViewSchema } from '../../../common/views/defences';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who } from '../../kernel/actions';
import { newChallenge } from './challenge.usecases';

/** A form fetches one on load and one per failed try: a page of tries an hour is plenty; a script collecting them hits the wall. */
export const CHALLENGE_RULE: RateRule = { name: 'challenge:ip', max: 60, windowMs: 10 * 60_000 };

export const challengeActionList = [
  readAction(challengeActions.challenge, { who: who.anyone(), limit: limit.perIp(CHALLENGE_RULE, { stage: 'beforeInput' }), personal: true, answer: challengeViewSchema, run: newChallenge }),
];
