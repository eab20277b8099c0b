/** Request schemas of the topic and tag routes that browser forms do not share (queries). */
import { z } from 'zod';
import { cursorField, idField } from '../../../common/validation/fields';

export const topicFeedQuery = z.object({
  nodeId: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(-2, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid').default(0),
  cursor: cursorField,
});

export const tagFeedQuery = z.object({ tagId: idField, cursor: cursorField });
export const userFeedQuery = z.object({ userId: idField, cursor: cursorField });
export const hideContentQuery = z.object({ topicId: idField });
