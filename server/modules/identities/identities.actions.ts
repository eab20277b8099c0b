/**
 * The sign-in providers' actions (issue 29, ADR 0035). The round trip's start and callback are
 * anyone's (a signed-in member's start links the provider to them) and limited per address; the
 * connections are the member's own (a ban does not close their account's ways in); the provider
 * settings are the admins'.
 */
import { identityActions } from '../../../common/actions/identities';
import { nothingSchema } from '../../../common/views/page';
import { adminProvidersViewSchema, adminProviderViewSchema, connectionsViewSchema, enabledProvidersViewSchema } from '../../../common/views/identities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateRule } from '../../infra/rate-limiter';
import type { MediaAnswer } from '../../kernel/actions';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { setSessionCookie } from '../auth/auth.api';
import { STATE_COOKIE, STATE_COOKIE_PATH, TRIP_TTL_MS } from './identities.state';
import { adminList, adminSave, connections, enabledList, finishTrip, startTrip, unlink, type TripAnswer } from './identities.usecases';

/** Trips started from one address: a person starts a few; a loop starting thousands only fills its own cookie jar, but costs discovery requests. */
export const PROVIDER_START_RULE: RateRule = { name: 'signin:provider-start', max: 30, windowMs: 10 * 60_000 };
/** Callbacks from one address: each costs a code exchange at the provider. */
export const PROVIDER_CALLBACK_RULE: RateRule = { name: 'signin:provider-callback', max: 30, windowMs: 10 * 60_000 };

/** The round trip's HTTP step: the trip's cookie set (start) or cleared (callback), a session's cookie set. */
function tripCookies(answer: TripAnswer, { request, reply }: { request: FastifyRequest; reply: FastifyReply }): string {
  const options = { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
  if (answer.tripCookie) reply.setCookie(STATE_COOKIE, answer.tripCookie, { ...options, maxAge: TRIP_TTL_MS / 1000 });
  else reply.clearCookie(STATE_COOKIE, options);
  if (answer.session) setSessionCookie(request, reply, answer.session);
  const { tripCookie: _trip, session: _session, ...media } = answer;
  // A media answer is sent as the document it describes (http/actions-http.ts `sendMedia`); the
  // contract's type names its body (text), as for every redirect the API answers.
  return media as MediaAnswer as unknown as string;
}

const OWN_WAYS_IN = 'one’s own ways into one’s account: a ban does not stop managing them';

export const identityActionList = [
  readAction(identityActions.enabled, { who: who.anyone(), answer: enabledProvidersViewSchema, run: enabledList }),
  readAction(identityActions.start, { who: who.anyone(), limit: limit.perIp(PROVIDER_START_RULE), answer: { media: 'text/plain' }, run: startTrip, respond: tripCookies }),
  readAction(identityActions.callback, { who: who.anyone(), limit: limit.perIp(PROVIDER_CALLBACK_RULE), answer: { media: 'text/plain' }, run: finishTrip, respond: tripCookies }),
  readAction(identityActions.connections, { who: who.reader(), answer: connectionsViewSchema, personal: true, run: connections }),
  writeAction(identityActions.unlink, {
    who: who.member(OWN_WAYS_IN),
    limit: limit.none('deletes one of one’s own rows: nothing piles up'),
    answer: nothingSchema,
    run: unlink,
  }),
  readAction(identityActions.adminList, { who: who.staff('settings:update'), answer: adminProvidersViewSchema, run: adminList }),
  writeAction(identityActions.adminSave, {
    who: who.staff('settings:update'),
    limit: limit.none('an admin’s change of the settings, audited; nothing piles up'),
    answer: adminProviderViewSchema,
    run: adminSave,
  }),
];
