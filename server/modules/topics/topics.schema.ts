/** Request schemas of the topic routes that browser forms do not share (queries; the tag and member feeds' are common/validation/fields.ts). */
import { z } from 'zod';
import { cursorField, idField } from '../../../common/validation/fields';

export const topicFeedQuery = z.object({
  nodeId: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(-2, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid').default(0),
  cursor: cursorField,
});

export const hideContentQuery = z.object({ topicId: idField });
