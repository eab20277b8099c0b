/**
 * What a like or a favorite answers (API.md "Comments, likes, favorites…"): the reader's state
 * after it, and the item's count. API.md names only `favorited` for favorites; the count has
 * always come with it (the item's page shows it), so it is part of the declared shape.
 */
import { z } from '../zod';

/** POST like/like and like/unlike. */
export const likeStateSchema = z.strictObject({ liked: z.boolean(), likeCount: z.number() }).meta({ id: 'LikeState' });
export type LikeState = z.infer<typeof likeStateSchema>;

/** POST favorite/add and favorite/delete. */
export const favoriteStateSchema = z.strictObject({ favorited: z.boolean(), favoriteCount: z.number() }).meta({ id: 'FavoriteState' });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
