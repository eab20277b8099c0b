/** A forbidden word as the back office shows it (`GET admin/words`). */
import { z } from '../zod';
import { WORD_ACTIONS, WORD_KINDS } from '../validation/words';

export const wordViewSchema = z.strictObject({
  id: z.number(),
  /** The word (width- and case-folded) or the regular expression's source. */
  pattern: z.string(),
  kind: z.enum(WORD_KINDS),
  action: z.enum(WORD_ACTIONS),
  createTime: z.number(),
  updateTime: z.number(),
}).meta({ id: 'WordView' });
export type WordView = z.infer<typeof wordViewSchema>;

/** POST admin/words/delete. */
export const wordDeletedSchema = z.strictObject({ deleted: z.literal(true) }).meta({ id: 'WordDeleted' });
export type WordDeleted = z.infer<typeof wordDeletedSchema>;
