/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, loaded on first use (ADR 0008). The relying
 * party is the site's configured address (PUBLIC_URL, else the address recorded at install:
 * http/site-address.ts), never a request's Host header: its host name is the RP ID, its origin
 * the only origin accepted. Credentials are discoverable (resident keys), so signing in needs no
 * username. Each challenge is kept server-side, for one member (0 for a sign-in), one purpose,
 * five minutes, and taken once, whatever the outcome.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { siteOriginOf } from '../../http/site-address';
import { errors } from '../../infra/errors';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { findPasskeyByCredential, insertChallenge, insertPasskey, listPasskeys, takeChallenge, recordPasskeyUse } from './security.repository';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(ctx: Pick<AppContext, 'config'>, siteTitle: string): RelyingParty {
  const origin = siteOriginOf(ctx.config);
  return { id: new URL(origin).hostname, origin, name: siteTitle || 'Sabai' };
}

const webauthn = () => import('@simplewebauthn/server');

/** The user handle of a member (their id as bytes): never their name or address. */
function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`sabai:${userId}`);
}

/** Options for adding a passkey, its challenge kept for this member. */
export async function registrationOptions(db: Kysely<DB>, rp: RelyingParty, user: { id: number; username: string; nickname: string }, now: number): Promise<Record<string, unknown>> {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await listPasskeys(db, user.id);
  // Discoverable credentials: signing in asks no username.
  const residentKey = 'required' as const;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: userHandle(user.id),
    userDisplayName: user.nickname,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey, userVerification: 'preferred' },
  });
  await insertChallenge(db, { challenge: options.challenge, userId: user.id, purpose: 'register', expireTime: now + CHALLENGE_TTL_MS, now });
  return options as unknown as Record<string, unknown>;
}

/** The challenge a response signed, taken once; 400 when unknown, used, expired, or another's. */
async function takeChallengeOf(db: Kysely<DB>, clientDataJSON: string, purpose: string, userId: number | null, now: number): Promise<string> {
  let challenge: string;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge as string;
  } catch {
    throw errors.validation({ response: 'security.errors.passkeyFailed' });
  }
  if (typeof challenge !== 'string' || challenge.length > 128) throw errors.validation({ response: 'security.errors.passkeyFailed' });
  const row = await takeChallenge(db, challenge);
  if (!row || row.purpose !== purpose || row.expire_time < now || (userId !== null && row.user_id !== userId)) throw errors.validation({ response: 'security.errors.passkeyFailed' });
  return challenge;
}

/** Verifies a new passkey and stores it under `name`. 400 when it does not verify. */
export async function addPasskey(db: Kysely<DB>, rp: RelyingParty, userId: number, input: { name: string; response: unknown }, now: number): Promise<void> {
  const response = input.response as RegistrationResponseJSON;
  const challenge = await takeChallengeOf(db, response.response.clientDataJSON, 'register', userId, now);
  const { verifyRegistrationResponse } = await webauthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch {
    throw errors.validation({ response: 'security.errors.passkeyFailed' });
  }
  if (!verified.verified) throw errors.validation({ response: 'security.errors.passkeyFailed' });
  const { credential } = verified.registrationInfo;
  if (await findPasskeyByCredential(db, credential.id)) throw errors.validation({ response: 'security.errors.passkeyKnown' });
  await insertPasskey(db, {
    userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
    name: input.name,
    now,
  });
}

/** Options for signing in with a passkey: no credentials listed (discoverable), the challenge kept. */
export async function authenticationOptions(db: Kysely<DB>, rp: RelyingParty, now: number): Promise<Record<string, unknown>> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', allowCredentials: [] });
  await insertChallenge(db, { challenge: options.challenge, userId: 0, purpose: 'signin', expireTime: now + CHALLENGE_TTL_MS, now });
  return options as unknown as Record<string, unknown>;
}

/**
 * Verifies a passkey sign-in: the challenge taken once, the credential known, the signature good,
 * the counter moved on (or both zero: authenticators that keep none). The member's id, or 400.
 */
export async function verifyPasskeySignIn(db: Kysely<DB>, rp: RelyingParty, responseJson: unknown, now: number): Promise<number> {
  const response = responseJson as AuthenticationResponseJSON;
  const challenge = await takeChallengeOf(db, response.response.clientDataJSON, 'signin', null, now);
  const passkey = await findPasskeyByCredential(db, response.id);
  if (!passkey) throw errors.validation({ response: 'security.errors.passkeyUnknown' });
  const { verifyAuthenticationResponse } = await webauthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as never,
      },
      requireUserVerification: false,
    });
  } catch {
    throw errors.validation({ response: 'security.errors.passkeyFailed' });
  }
  if (!result.verified) throw errors.validation({ response: 'security.errors.passkeyFailed' });
  if (!(await recordPasskeyUse(db, passkey.id, Number(passkey.counter), result.authenticationInfo.newCounter, now))) throw errors.validation({ response: 'security.errors.passkeyFailed' });
  return passkey.user_id;
}
