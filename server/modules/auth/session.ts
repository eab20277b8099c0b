/**
 * A signed-in session over HTTP: the token is issued (stored hashed), answered in the body and
 * set as the `sabai_token` cookie (Path=/, HttpOnly, SameSite=Lax, Secure behind HTTPS, expiring
 * with the token); signing out revokes it and clears the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../../common/constants';
import type { Database } from '../../db/database';
import type { Settings } from '../settings/settings.api';
import { revokeToken, type IssuedToken } from './tokens.service';

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** What `issueToken` needs to know about this request. */
export function sessionOptions(request: FastifyRequest, settings: Pick<Settings, 'tokenExpireDays'>, now: number) {
  return { now, expireDays: settings.tokenExpireDays, userAgent: request.headers['user-agent'] ?? '', ip: request.ip };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedToken): void {
  reply.setCookie(TOKEN_COOKIE, issued.token, { ...cookieOptions(request), expires: new Date(issued.expireTime) });
}

/** Revokes the request's token (if it carried a valid one) and clears the cookie. */
export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.token) await revokeToken(db, request.token);
  reply.clearCookie(TOKEN_COOKIE, cookieOptions(request));
}
