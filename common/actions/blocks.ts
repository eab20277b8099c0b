/**
 * Blocks between members (issue 28, docs/api-additions.md): block and unblock a member, the
 * reader's list of blocked members (settings) and their ids (the pages' collapse).
 */
import { z } from '../zod';
import { cursorField } from '../validation/fields';
import { followSchema } from '../validation/follow';
import type { BlockedIds, BlockedMember, BlockState } from '../views/block';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

export const blockActions = {
  block: contract({
    name: 'block.block',
    method: 'POST',
    path: '/api/user/block',
    input: followSchema,
    output: returns<BlockState>(),
    summary: 'Blocks a member (idempotent): their posts and comments are collapsed for the reader, they cannot mention, follow or message the reader, and follows between the two end. Staff cannot be blocked (403); oneself neither (400).',
  }),
  unblock: contract({
    name: 'block.unblock',
    method: 'POST',
    path: '/api/user/unblock',
    input: followSchema,
    output: returns<BlockState>(),
    summary: 'Unblocks a member (idempotent). Follows ended by the block stay ended.',
  }),
  list: contract({
    name: 'block.list',
    method: 'GET',
    path: '/api/user/blocks',
    input: z.object({ cursor: cursorField }),
    output: returns<Page<BlockedMember>>(),
    summary: 'The members the reader blocked, newest block first (keyset by the block).',
  }),
  blockedIds: contract({
    name: 'block.blockedIds',
    method: 'GET',
    path: '/api/user/blocked_ids',
    input: z.object({}),
    output: returns<BlockedIds>(),
    summary: 'The ids of the members the reader blocked (at most `BLOCKS_MAX`), for collapsing their posts and comments.',
  }),
};
