/** Request schemas of the topic routes that browser forms do not share (queries; the tag and member feeds' are common/validation/fields.ts). */
import { z } from 'zod';
import { cursorField, idField, integerField } from '../../../common/validation/fields';

export const topicFeedQuery = z.object({
  nodeId: integerField(-2).default(0),
  cursor: cursorField,
});

/** GET topic/user_topics: a member's topics; `type` 0 posts only, 1 tweets only (their profile's tabs), absent both. */
export const userTopicsQuery = z.object({
  userId: idField,
  cursor: cursorField,
  type: z.enum(['0', '1'], { error: 'validation.invalid' }).transform(Number).optional(),
});

export const hideContentQuery = z.object({ topicId: idField });
