/** One of the signed-in user's favorites (GET user/favorites), with its item in the item's own API shape. */
import { z } from '../zod';
import { articleViewSchema } from './article';
import { topicViewSchema } from './topic';

export const favoriteViewSchema = z.strictObject({
  /** The favorite's own id (the cursor pages over it). */
  id: z.number(),
  entityType: z.string(),
  entityId: z.number(),
  createTime: z.number(),
  /** The topic, when `entityType` is `topic`. */
  topic: topicViewSchema.nullable(),
  /** The article, when `entityType` is `article` (added with issue 12: the favorites list shows articles too). */
  article: articleViewSchema.nullable(),
}).meta({ id: 'FavoriteView' });
export type FavoriteView = z.infer<typeof favoriteViewSchema>;
