/** A member's sessions (issue 29): the list, ending one, ending all the others. Contracts of the auth feature's session actions. */
import { z } from '../zod';
import { idField } from '../validation/fields';
import type { MemberSessionsView, SessionsEndedView } from '../views/sessions';
import { contract, returns } from './contract';

export const sessionActions = {
  list: contract({
    name: 'sessions.list',
    method: 'GET',
    path: '/api/user/sessions',
    input: z.object({}),
    output: returns<MemberSessionsView>(),
    summary: 'The member’s active sessions (device, country, last seen), the current one marked, last seen first.',
  }),
  revoke: contract({
    name: 'sessions.revoke',
    method: 'POST',
    path: '/api/user/sessions/revoke',
    input: z.object({ id: idField }),
    output: returns<SessionsEndedView>(),
    summary: 'Ends one of the member’s sessions (by its id in the list).',
  }),
  revokeOthers: contract({
    name: 'sessions.revokeOthers',
    method: 'POST',
    path: '/api/user/sessions/revoke_others',
    input: z.object({}),
    output: returns<SessionsEndedView>(),
    summary: 'Ends every session of the member but the one making the request.',
  }),
};
