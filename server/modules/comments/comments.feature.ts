/** Comments and replies: the comment content kind and the routes. */
import type { Feature } from '../../features';
import { commentPages } from './comments.pages';
import { commentKind } from './comments.kind';
import { commentRoutes } from './comments.routes';

export const commentsFeature: Feature = {
  name: 'comments',
  api: commentRoutes,
  pages: commentPages,
  setup(ctx) {
    ctx.kinds.register(commentKind(ctx.kinds));
  },
};
