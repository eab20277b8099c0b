/** Defences against spam and abuse (issue 28): what the API answers of trust levels, challenges and IP bans. */
import { z } from '../zod';
import { memberRefSchema } from './moderation';

/** An IP or network ban as the back office lists it. */
export const ipBanViewSchema = z
  .strictObject({
    id: z.number(),
    /** The range as stored: the network address and its prefix (`203.0.113.0/24`, `2001:db8::/32`, `198.51.100.7/32`). */
    cidr: z.string(),
    reason: z.string(),
    /** When it ends (epoch ms); 0 forever. */
    expireTime: z.number(),
    /** Whether it is over (kept until removed, so the list shows what was banned). */
    expired: z.boolean(),
    createdBy: memberRefSchema.nullable(),
    createTime: z.number(),
  })
  .meta({ id: 'IpBanView' });
export type IpBanView = z.infer<typeof ipBanViewSchema>;

export const ipBanRemovedSchema = z.strictObject({ removed: z.literal(true) }).meta({ id: 'IpBanRemoved' });
export type IpBanRemoved = z.infer<typeof ipBanRemovedSchema>;

/** A member's trust level: the level, whether staff set it by hand, and the review rule it brings. */
export const trustStateSchema = z
  .strictObject({
    userId: z.number(),
    level: z.number(),
    /** Set by staff by hand: automatic changes leave it alone until cleared. */
    locked: z.boolean(),
    /** How many more of their posts wait for a moderator (0 once level 1, or the first ones are out). */
    reviewedPostsLeft: z.number(),
    /** At most this many links and images in a post (null: no cap at this level). */
    maxLinks: z.number().nullable(),
  })
  .meta({ id: 'TrustState' });
export type TrustState = z.infer<typeof trustStateSchema>;

/** A proof-of-work challenge (ALTCHA v2), as the widget fetches it: parameters and their signature. */
export const challengeViewSchema = z
  .strictObject({
    parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string(), cost: z.number(), keyLength: z.number(), keyPrefix: z.string() }),
    signature: z.string(),
  })
  .meta({ id: 'ChallengeView' });
export type ChallengeView = z.infer<typeof challengeViewSchema>;
