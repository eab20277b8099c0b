/**
 * Blocks between members (issue 28): the declared actions. What a block ends or refuses
 * elsewhere is the owning feature's: follows end in the follows feature's handler of
 * `block.changed`, mentions skip blockers (mentions' RECIPIENT_RULES), follows refuse
 * (`isBlockedBetween`), through blocks.api.
 */
import type { Feature } from '../../kernel/feature';
import { blocksActionList } from './blocks.actions';

export const blocksFeature: Feature = {
  name: 'blocks',
  actions: blocksActionList,
};
