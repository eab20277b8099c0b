/**
 * Blocks between members (issue 28): the declared actions. What a block ends or refuses
 * elsewhere is the owning feature's: follows end in the follows feature's handler of
 * `block.changed`, mentions skip blockers (mentions' RECIPIENT_RULES), follows refuse
 * (`isBlockedBetween`), through blocks.api.
 */
import type { Feature } from '../../kernel/feature';
import { blocksActionList } from './blocks.actions';
import { deleteBlocksOf } from './blocks.repository';

export const blocksFeature: Feature = {
  name: 'blocks',
  actions: blocksActionList,
  setup(ctx) {
    // An erased member (issue 29): their blocks, and the blocks of them, go.
    ctx.events.onWrite('user.erased', 'blocks', ({ userId }, { db }) => deleteBlocksOf(db, userId));
  },
};
