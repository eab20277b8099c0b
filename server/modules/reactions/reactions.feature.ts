/** Likes and favorites: the routes and the favorites page. */
import type { Feature } from '../../features';
import { reactionPages } from './reactions.pages';
import { reactionRoutes } from './reactions.routes';

export const reactionsFeature: Feature = {
  name: 'reactions',
  api: reactionRoutes,
  pages: reactionPages,
};
