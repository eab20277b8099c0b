/**
 * The blocks feature's actions (ADR 0021): block and unblock (signed in; a ban does not stop a
 * member shielding themself; one allowance for both), the reader's list and ids.
 */
import { blockActions } from '../../../common/actions/blocks';
import { blockedIdsSchema, blockedMemberSchema, blockStateSchema } from '../../../common/views/block';
import { pageOf } from '../../../common/views/page';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { blockedIds, blockMember, listBlocks, unblockMember } from './blocks.usecases';

/** Block and unblock per member: enough for real use, a wall for a script toggling blocks to spam `block.changed`. */
export const BLOCK_RULE: RateRule = { name: 'block:user', max: 30, windowMs: 60 * 60_000 };

const toggleLimit = limit.perUser(BLOCK_RULE);
const SHIELD = 'a block shields the member from a harasser: a ban must not take that away';

export const blocksActionList = [
  writeAction(blockActions.block, { who: who.member(SHIELD), limit: toggleLimit, answer: blockStateSchema, run: blockMember }),
  writeAction(blockActions.unblock, { who: who.member(SHIELD), limit: toggleLimit, answer: blockStateSchema, run: unblockMember }),
  readAction(blockActions.list, { who: who.reader(), answer: pageOf(blockedMemberSchema), run: listBlocks }),
  readAction(blockActions.blockedIds, { who: who.reader(), answer: blockedIdsSchema, run: blockedIds }),
];
