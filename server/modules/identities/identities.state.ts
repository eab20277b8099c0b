/**
 * A round trip's secrets between the start and the callback (ADR 0035): the `state`, the
 * `nonce`, the PKCE verifier, the provider, the page to return to and — when the trip links a
 * provider to a signed-in member — whose account. Kept in the browser as a signed (HMAC-SHA256,
 * a key of the site secrets) HttpOnly cookie that lives 10 minutes, scoped to the callback's
 * path and cleared by the callback whatever its outcome: one round trip per cookie. The provider
 * sees only the `state` and the challenge; the verifier and the nonce never leave the server and
 * the browser's cookie jar.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderId } from '../../../common/validation/identities';

export const STATE_COOKIE = 'sabai_signin_trip';
export const STATE_COOKIE_PATH = '/api/login/provider';
export const TRIP_TTL_MS = 10 * 60_000;
/** The site secret (site_secrets) that signs the cookie. */
export const STATE_KEY_NAME = 'signin_trip_key';

export interface Trip {
  provider: ProviderId;
  state: string;
  nonce: string;
  verifier: string;
  redirect: string | null;
  /** The member the provider is to be linked to (a trip started signed in), else 0. */
  linkUserId: number;
  expires: number;
}

function sign(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function sealTrip(key: string, trip: Trip): string {
  const body = Buffer.from(JSON.stringify(trip)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The trip the cookie holds, when its signature is the site's and it has not expired. */
export function openTrip(key: string, cookie: string | undefined, now: number): Trip | null {
  if (!cookie) return null;
  const [body, mac] = cookie.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const trip = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Trip;
    return trip.expires > now ? trip : null;
  } catch {
    return null;
  }
}
