/**
 * Friend links (issue 17): `link/list`, the /links page's slice and the back office's routes.
 * Its side effects are other features' handlers of `site.catalogChanged`: the audit row
 * (audit.feature.ts) and the lists' pages dropped, /links among them (http/pages.feature.ts).
 */
import type { Feature } from '../../features';
import { linkPages } from './links.pages';
import { linkRoutes } from './links.routes';

export const linksFeature: Feature = {
  name: 'links',
  api: linkRoutes,
  pages: linkPages,
};
