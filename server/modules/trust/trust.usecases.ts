/** The trust levels' use cases (issue 28), one function per action (trust.actions.ts). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { trustActions } from '../../../common/actions/defences';
import type { TrustState } from '../../../common/views/defences';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { setTrustByHand, trustStateOf } from './trust.service';

type Input<K extends keyof typeof trustActions> = ParsedInputOf<(typeof trustActions)[K]>;

/** GET user/trust: the reader's own level and what it holds back. */
export function myTrust({ db, caller, settings }: ReadCall<Input<'mine'>, undefined>): Promise<TrustState> {
  return trustStateOf(db, memberOf(caller).id, settings.trust);
}

/** GET admin/trust/{userId}. */
export function trustOf({ db, input, settings }: ReadCall<Input<'of'>, undefined>): Promise<TrustState> {
  return trustStateOf(db, input.userId, settings.trust);
}

/** POST admin/trust/set: by hand (locked), or `null` to compute it again. */
export async function setTrust({ scope, input, caller, settings }: WriteCall<Input<'set'>, undefined>): Promise<TrustState> {
  await setTrustByHand(scope, input.userId, input.level, settings.trust, actorOf(caller));
  return trustStateOf(scope.db, input.userId, settings.trust);
}
