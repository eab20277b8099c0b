/** One of the signed-in user's favorites (GET user/favorites), with its item in the item's own API shape. */
import type { ArticleView } from './article';
import type { TopicView } from './topic';

export interface FavoriteView {
  /** The favorite's own id (the cursor pages over it). */
  id: number;
  entityType: string;
  entityId: number;
  createTime: number;
  /** The topic, when `entityType` is `topic`. */
  topic: TopicView | null;
  /** The article, when `entityType` is `article` (added with issue 12: the favorites list shows articles too). */
  article: ArticleView | null;
}
