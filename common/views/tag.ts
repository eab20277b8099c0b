/** Tag as the API and the pages see it. */
import { z } from '../zod';

export const tagViewSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  topicCount: z.number(),
  articleCount: z.number(),
}).meta({ id: 'TagView' });
export type TagView = z.infer<typeof tagViewSchema>;

/** The short form inside a topic. */
export const tagRefSchema = z.strictObject({ id: z.number(), name: z.string() }).meta({ id: 'TagRef' });
export type TagRef = z.infer<typeof tagRefSchema>;
