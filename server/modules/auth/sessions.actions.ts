/** A member's sessions (issue 29): their own only (every query is keyed by the member), open to a banned member (account security). */
import { sessionActions } from '../../../common/actions/sessions';
import { memberSessionsViewSchema, sessionsEndedViewSchema } from '../../../common/views/sessions';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.usecases';

const ACCOUNT_SECURITY = 'account security: the member ends sessions they do not recognise';

export const sessionActionList = [
  readAction(sessionActions.list, { who: who.reader(), answer: memberSessionsViewSchema, run: listSessions }),
  writeAction(sessionActions.revoke, {
    who: who.member(ACCOUNT_SECURITY),
    limit: limit.none('one’s own sessions, each ended once; nothing piles up'),
    answer: sessionsEndedViewSchema,
    run: revokeSession,
  }),
  writeAction(sessionActions.revokeOthers, {
    who: who.member(ACCOUNT_SECURITY),
    limit: limit.none('one’s own sessions, ended at once; nothing piles up'),
    answer: sessionsEndedViewSchema,
    run: revokeOtherSessions,
  }),
];
