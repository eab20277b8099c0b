/**
 * Blocks between members (issue 28) as the API and the pages see them. Pure shapes; the server's
 * blocks feature fills them.
 */
import { z } from '../zod';
import { publicUserSchema } from './user';

/** POST user/block and user/unblock: the new state. */
export const blockStateSchema = z.strictObject({ blocked: z.boolean() }).meta({ id: 'BlockState' });
export type BlockState = z.infer<typeof blockStateSchema>;

/** A row of `user/blocks`: the member blocked, since when, and the block's id (the list's keyset). */
export const blockedMemberSchema = z
  .strictObject({
    id: z.number(),
    user: publicUserSchema,
    createTime: z.number(),
  })
  .meta({ id: 'BlockedMember' });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/**
 * GET user/blocked_ids: the members the reader blocked, for collapsing their posts and comments
 * on pages rendered for nobody (the root loader's per-member data, never the shared cache).
 */
export const blockedIdsSchema = z.strictObject({ ids: z.array(z.number()) }).meta({ id: 'BlockedIds' });
export type BlockedIds = z.infer<typeof blockedIdsSchema>;
