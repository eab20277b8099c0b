/**
 * The proof-of-work challenge (issue 28, ALTCHA v2, self-hosted: no third-party service, so it
 * works in China and offline). A challenge is made here, signed with a site secret (HMAC), with a
 * short expiry; the sign-up and password reset forms' widget solves it in Web Workers (SHA-256,
 * brute-forcing a counter) and the form sends the solution as `altcha`. Deterministic mode: the
 * server picks the counter and signs the key it leads to, so checking a solution is two HMACs
 * (bench/challenge-verify.ts), never a search. A solution is good once: its challenge's nonce is
 * recorded in `challenge_uses` (unique, in the database, so a replay to another process is refused
 * too) until the challenge expires.
 */
import type { Kysely } from 'kysely';
import type { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Solution } from 'altcha-lib/types';
import type { ChallengeView } from '../../../common/views/defences';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import { siteSecret } from '../settings/settings.api';
import { insertChallengeUse } from './challenge.repository';

/** The work asked of a browser: SHA-256 iterated `COST` times per try, the counter drawn in this range (bench/challenge-solve). */
export const CHALLENGE_ALGORITHM = 'SHA-256';
export const CHALLENGE_COST = 16;
export const COUNTER_MIN = 1_000;
export const COUNTER_MAX = 3_000;
/** Long enough to fill a sign-up form after the widget solved it, short enough to make hoarding solutions pointless. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

const SECRET_NAME = 'altcha-hmac';
const FIELD = 'altcha';

interface AltchaLib {
  createChallenge: typeof createChallenge;
  randomInt: typeof randomInt;
  verifySolution: typeof verifySolution;
}
interface ShaAlgorithm {
  deriveKey: typeof deriveKey;
}
let loaded: Promise<[AltchaLib, ShaAlgorithm]> | null = null;
/** Loaded on first use (ADR 0008): most requests never make or check a challenge. */
function altcha(): Promise<[AltchaLib, ShaAlgorithm]> {
  return (loaded ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]));
}

export interface ChallengeSecrets {
  signature: string;
  key: string;
}

/** The two HMAC keys: the challenge's signature and the derived key's, both from one site secret. */
export async function challengeSecrets(db: Kysely<DB>, now: number): Promise<ChallengeSecrets> {
  const secret = await siteSecret(db, SECRET_NAME, now);
  return { signature: secret, key: `${secret}:key` };
}

/** A new challenge expiring CHALLENGE_TTL_MS from `now`. */
export async function makeChallenge(secrets: ChallengeSecrets, now: number): Promise<ChallengeView> {
  const [lib, sha] = await altcha();
  const challenge = await lib.createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: lib.randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey: sha.deriveKey,
    expiresAt: Math.floor((now + CHALLENGE_TTL_MS) / 1000),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload: base64 of `{challenge, solution}` JSON; null when it is not that. */
function parsePayload(text: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as Partial<Payload>;
    if (typeof challenge !== 'object' || challenge === null || typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof challenge.parameters.nonce !== 'string' || challenge.parameters.nonce.length > 64) return null;
    if (typeof solution !== 'object' || solution === null) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

export type Verdict = 'ok' | 'missing' | 'invalid' | 'expired';

/** Whether the payload solves a challenge this site made and is not expired at `now` (nothing is recorded). */
export async function checkSolution(secrets: ChallengeSecrets, text: unknown, now: number): Promise<{ verdict: Verdict; payload: Payload | null }> {
  if (typeof text !== 'string' || text === '') return { verdict: 'missing', payload: null };
  const payload = parsePayload(text);
  if (!payload) return { verdict: 'invalid', payload: null };
  const expiresAt = payload.challenge.parameters.expiresAt;
  // Expired by the app's clock (the library's own check reads the system clock): no expiry is no good either.
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now) return { verdict: 'expired', payload };
  const [lib, sha] = await altcha();
  const result = await lib.verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey: sha.deriveKey, hmacSignatureSecret: secrets.signature, hmacKeySignatureSecret: secrets.key });
  if (result.verified) return { verdict: 'ok', payload };
  return { verdict: result.expired ? 'expired' : 'invalid', payload };
}

/**
 * The challenge a sign-up or a password reset request must carry, solved (400 naming `altcha`
 * otherwise): made by this site, not expired, not used before. A good solution is spent here,
 * whatever the rest of the request turns out to be: the widget solves a new one for a second try.
 */
export async function spendSolution(db: Kysely<DB>, text: unknown, now: number): Promise<void> {
  const secrets = await challengeSecrets(db, now);
  const { verdict, payload } = await checkSolution(secrets, text, now);
  if (verdict !== 'ok' || !payload) throw errors.validation({ [FIELD]: `defences.challenge.${verdict}` });
  const expireTime = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
  try {
    await insertChallengeUse(db, payload.challenge.parameters.nonce, expireTime, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.validation({ [FIELD]: 'defences.challenge.replayed' });
    throw error;
  }
}
