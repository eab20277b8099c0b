/** The block use cases, one function per action (blocks.actions.ts declares who may call each, its limit and its answer). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { blockActions } from '../../../common/actions/blocks';
import type { BlockedIds, BlockedMember, BlockState } from '../../../common/views/block';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { blockedIdsOf, blockList, setBlock } from './blocks.service';

type Input<K extends keyof typeof blockActions> = ParsedInputOf<(typeof blockActions)[K]>;

/** POST user/block, inside the transaction. */
export function blockMember({ scope, caller, input }: WriteCall<Input<'block'>, undefined>): Promise<BlockState> {
  return setBlock(scope, memberOf(caller), input.userId, true);
}

/** POST user/unblock, inside the transaction. */
export function unblockMember({ scope, caller, input }: WriteCall<Input<'unblock'>, undefined>): Promise<BlockState> {
  return setBlock(scope, memberOf(caller), input.userId, false);
}

/** GET user/blocks: the reader's own list. */
export function listBlocks({ db, caller, input }: ReadCall<Input<'list'>, undefined>): Promise<Page<BlockedMember>> {
  return blockList(db, memberOf(caller), input, caller);
}

/** GET user/blocked_ids: the reader's blocked members' ids. */
export async function blockedIds({ db, caller }: ReadCall<Input<'blockedIds'>, undefined>): Promise<BlockedIds> {
  return { ids: await blockedIdsOf(db, memberOf(caller).id) };
}
