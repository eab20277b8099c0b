/**
 * A member's sessions (issue 29): the list (device from the User-Agent, country from the last
 * address, last use, this one marked), ending one, ending all the others. A session is named by
 * its row id, never by its token or the token's digest; every query is the member's own.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { sessionActions } from '../../../common/actions/sessions';
import type { MemberSessionsView, SessionsEndedView } from '../../../common/views/sessions';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { recordAudit } from '../audit/audit.api';
import { deviceName } from '../../infra/device-name';
import { deleteTokenOfUser, findTokensOfUser } from './tokens.repository';
import { hashToken, revokeOtherTokens } from './tokens.service';

type Input<K extends keyof typeof sessionActions> = ParsedInputOf<(typeof sessionActions)[K]>;

/** GET user/sessions. */
export async function listSessions({ ctx, db, caller }: ReadCall<Input<'list'>, undefined>): Promise<MemberSessionsView> {
  const user = memberOf(caller);
  const current = caller.session ? hashToken(caller.session.token) : null;
  const rows = await findTokensOfUser(db, user.id, caller.now);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceName(row.user_agent),
      country: ctx.ipLocator.locate({ ip: row.ip, headers: {} }).country,
      createTime: row.create_time,
      lastSeenTime: row.update_time,
      current: row.token_hash === current,
    })),
  };
}

/** POST user/sessions/revoke, inside the transaction: one of the member's sessions ended (this one too, if named). */
export async function revokeSession({ scope, caller, input }: WriteCall<Input<'revoke'>, undefined>): Promise<SessionsEndedView> {
  return { ended: await deleteTokenOfUser(scope.db, memberOf(caller).id, input.id) };
}

/** POST user/sessions/revoke_others, inside the transaction: every session but this one ended. */
export async function revokeOtherSessions({ scope, caller }: WriteCall<Input<'revokeOthers'>, undefined>): Promise<SessionsEndedView> {
  const user = memberOf(caller);
  const ended = await revokeOtherTokens(scope.db, user.id, caller.session?.token ?? null);
  if (ended > 0) await recordAudit(scope.db, { actorId: user.id, action: 'user.sessions_ended', targetType: 'user', targetId: user.id, ip: caller.origin.ip, time: scope.now });
  return { ended };
}
