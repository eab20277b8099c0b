/**
 * Following members: the routes, the profile and list pages. The follow's side effects are
 * handlers of `follow.changed` in the features owning the data: the counts (users), the
 * followed member's message (messages), the cached pages (pages).
 */
import type { Feature } from '../../features';
import { followPages } from './follows.pages';
import { followRoutes } from './follows.routes';

export const followsFeature: Feature = {
  name: 'follows',
  api: followRoutes,
  pages: followPages,
};
