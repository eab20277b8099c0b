/**
 * A signed-in session over HTTP: the token is issued (stored hashed), answered in the body and
 * set as the `sabai_token` cookie (Path=/, HttpOnly, SameSite=Lax, Secure behind HTTPS, expiring
 * with the token); signing out revokes it and clears the cookie. The cookie is the declared
 * actions' HTTP finishing step (`respond`): sign-up and sign-in set it, sign-out clears it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../../common/constants';
import type { SessionAnswer } from '../../../common/views/auth';
import type { Caller } from '../../kernel/caller';
import type { Settings } from '../settings/settings.api';
import type { IssuedToken } from './tokens.service';

/** A session just opened (sign-up, sign-in): the answer, and the token's expiry the cookie needs. */
export interface OpenedSession {
  answer: SessionAnswer;
  issued: IssuedToken;
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** What `issueToken` needs to know about this call. */
export function sessionOptions(caller: Pick<Caller, 'now' | 'origin'>, settings: Pick<Settings, 'tokenExpireDays'>) {
  return { now: caller.now, expireDays: settings.tokenExpireDays, userAgent: caller.origin.userAgent, ip: caller.origin.ip };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedToken): void {
  reply.setCookie(TOKEN_COOKIE, issued.token, { ...cookieOptions(request), expires: new Date(issued.expireTime) });
}

/** Sign-up and sign-in's `respond`: the session cookie set, the session answered. */
export function startSession(session: OpenedSession, { request, reply }: { request: FastifyRequest; reply: FastifyReply }): SessionAnswer {
  setSessionCookie(request, reply, session.issued);
  return session.answer;
}

/** Sign-out's `respond`: the cookie cleared (its token was revoked by the use case). */
export function endSession(answer: null, { request, reply }: { request: FastifyRequest; reply: FastifyReply }): null {
  reply.clearCookie(TOKEN_COOKIE, cookieOptions(request));
  return answer;
}
