/** Request schemas of the topic and tag routes that browser forms do not share (queries). */
import { z } from 'zod';
import { cursorField, idField, integerField } from '../../../common/validation/fields';

export const topicFeedQuery = z.object({
  nodeId: integerField(-2).default(0),
  cursor: cursorField,
});

export const tagFeedQuery = z.object({ tagId: idField, cursor: cursorField });
export const userFeedQuery = z.object({ userId: idField, cursor: cursorField });
export const hideContentQuery = z.object({ topicId: idField });
