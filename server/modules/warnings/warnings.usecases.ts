/** The warning use cases, one function per action (warnings.actions.ts declares who may call each). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { warningActions } from '../../../common/actions/warnings';
import type { WarningCount, WarningView } from '../../../common/views/warning';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { acknowledgeWarning, pendingWarning, warningCounts, warnMember } from './warnings.service';

type Input<K extends keyof typeof warningActions> = ParsedInputOf<(typeof warningActions)[K]>;

/** POST admin/user/warn, inside the transaction. */
export function warn({ scope, caller, input }: WriteCall<Input<'warn'>, undefined>): Promise<WarningView> {
  return warnMember(scope, actorOf(caller), input);
}

/** GET user/warnings/pending. */
export function pending({ db, caller }: ReadCall<Input<'pending'>, undefined>): Promise<WarningView | null> {
  return pendingWarning(db, memberOf(caller));
}

/** POST user/warnings/acknowledge/{id}, inside the transaction. */
export function acknowledge({ scope, caller, input }: WriteCall<Input<'acknowledge'>, undefined>): Promise<WarningView> {
  return acknowledgeWarning(scope, actorOf(caller), input.id);
}

/** The back office's counts for a page of members. */
export function counts({ db, input }: ReadCall<Input<'counts'>, undefined>): Promise<WarningCount[]> {
  return warningCounts(db, input.userIds);
}
