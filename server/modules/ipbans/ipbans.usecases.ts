/** The IP bans' use cases (issue 28), one function per action (ipbans.actions.ts: admins only). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { ipBanActions } from '../../../common/actions/defences';
import type { IpBanRemoved, IpBanView } from '../../../common/views/defences';
import type { Page } from '../../../common/views/page';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { addBan, bansPage, removeBan } from './ipbans.service';

type Input<K extends keyof typeof ipBanActions> = ParsedInputOf<(typeof ipBanActions)[K]>;

/** GET admin/ip_bans. */
export function listBans({ db, input, caller }: ReadCall<Input<'list'>, undefined>): Promise<Page<IpBanView>> {
  return bansPage(db, input.cursor, caller.now);
}

/** POST admin/ip_bans/create. */
export function createBan({ scope, input, caller }: WriteCall<Input<'create'>, undefined>): Promise<IpBanView> {
  const user = memberOf(caller);
  return addBan(scope, input, { ...actorOf(caller), nickname: user.nickname, avatar: user.avatar });
}

/** POST admin/ip_bans/remove. */
export async function deleteBanOf({ scope, input, caller }: WriteCall<Input<'remove'>, undefined>): Promise<IpBanRemoved> {
  await removeBan(scope, input.id, actorOf(caller));
  return { removed: true };
}
