/** Request schemas of the topic and tag routes that browser forms do not share (queries, ids). */
import { z } from 'zod';
import { idField } from '../../../common/validation/topic';

const cursorField = z.string({ error: 'validation.invalid' }).max(200, 'topic.validation.cursorInvalid').optional();

export const topicFeedQuery = z.object({
  nodeId: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(-2, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid').default(0),
  cursor: cursorField,
});

export const tagFeedQuery = z.object({ tagId: idField, cursor: cursorField });
export const userFeedQuery = z.object({ userId: idField, cursor: cursorField });
export const cursorQuery = z.object({ cursor: cursorField });
export const hideContentQuery = z.object({ topicId: idField });

/** A path id; anything but a positive integer is "not found". */
export function pathId(value: unknown): number | null {
  const parsed = idField.safeParse(value);
  return parsed.success ? parsed.data : null;
}
