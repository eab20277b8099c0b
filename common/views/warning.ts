/**
 * Formal warnings staff send a member (issue 28) as the API and the pages see them. Pure
 * shapes; the server's warnings feature fills them.
 */
import { z } from '../zod';

/** One warning: why, when, and when the member acknowledged it (0: not yet). */
export const warningViewSchema = z
  .strictObject({
    id: z.number(),
    userId: z.number(),
    reason: z.string(),
    createTime: z.number(),
    ackTime: z.number(),
  })
  .meta({ id: 'WarningView' });
export type WarningView = z.infer<typeof warningViewSchema>;

/** GET user/warnings/pending: the oldest warning the reader has not acknowledged, or null. */
export const pendingWarningSchema = warningViewSchema.nullable();

/** A member's warnings in the back office's row: how many, and how many are not acknowledged yet. */
export const warningCountSchema = z.strictObject({ userId: z.number(), total: z.number(), pending: z.number() }).meta({ id: 'WarningCount' });
export type WarningCount = z.infer<typeof warningCountSchema>;
