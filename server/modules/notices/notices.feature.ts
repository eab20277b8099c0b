/**
 * Site notices (issue 17): `notice/list`, the home page's slice and the back office's routes.
 * Its side effects are other features' handlers of `site.catalogChanged`: the audit row
 * (audit.feature.ts) and the lists' pages dropped, the home page among them (http/pages.feature.ts).
 */
import type { Feature } from '../../features';
import { noticePages } from './notices.pages';
import { noticeRoutes } from './notices.routes';

export const noticesFeature: Feature = {
  name: 'notices',
  api: noticeRoutes,
  pages: noticePages,
};
