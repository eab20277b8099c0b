/** Request schemas of the topic routes that browser forms do not share (queries; the tag and member feeds' are common/validation/fields.ts). */
import { z } from 'zod';
import { cursorField, idField, integerField } from '../../../common/validation/fields';

export const topicFeedQuery = z.object({
  nodeId: integerField(-2).default(0),
  cursor: cursorField,
});

export const hideContentQuery = z.object({ topicId: idField });
