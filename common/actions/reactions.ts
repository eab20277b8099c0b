/** Likes and favorites (API.md "Comments, likes, favorites…", "user/favorites"): the contracts of the reactions feature's actions. */
import { cursorQuery, favoriteSchema, likeSchema } from '../validation/comment';
import type { FavoriteView } from '../views/favorite';
import type { Page } from '../views/page';
import type { FavoriteState, LikeState } from '../views/reaction';
import { contract, returns } from './contract';

export const reactionActions = {
  like: contract({
    name: 'reaction.like',
    method: 'POST',
    path: '/api/like/like',
    input: likeSchema,
    output: returns<LikeState>(),
    summary: 'Likes a topic, an article or a comment (liking twice is one like).',
  }),
  unlike: contract({
    name: 'reaction.unlike',
    method: 'POST',
    path: '/api/like/unlike',
    input: likeSchema,
    output: returns<LikeState>(),
    summary: 'Takes a like back.',
  }),
  favorite: contract({
    name: 'reaction.favorite',
    method: 'POST',
    path: '/api/favorite/add',
    input: favoriteSchema,
    output: returns<FavoriteState>(),
    summary: "Adds a topic or an article to the reader's favorites.",
  }),
  unfavorite: contract({
    name: 'reaction.unfavorite',
    method: 'POST',
    path: '/api/favorite/delete',
    input: favoriteSchema,
    output: returns<FavoriteState>(),
    summary: "Takes a topic or an article out of the reader's favorites.",
  }),
  favorites: contract({
    name: 'reaction.favorites',
    method: 'GET',
    path: '/api/user/favorites',
    input: cursorQuery,
    output: returns<Page<FavoriteView>>(),
    summary: "A page of the reader's favorites, newest first, each with its topic or article.",
  }),
};
