/**
 * Every feature of the forum, declared once and assembled by `buildApp`: its API routes (under
 * /api), its routes outside /api, its slice of the pages' `context.site` (the page loaders' door
 * to its use cases), and `setup`, where it registers its content kinds and the domain-event
 * handlers of its side effects. A new feature is one more entry here; a new side
 * effect is one more handler in its feature's setup. Order matters twice: routes register in
 * this order, and handlers of one event run in this order (counters lock users, then nodes, then
 * tags, the order every write takes, so concurrent writes queue instead of deadlocking).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context';
import type { PageSlice } from './kernel/pages';
import type { AnyAction } from './kernel/actions';
import { articlesFeature } from './modules/articles/articles.feature';
import { authFeature } from './modules/auth/auth.feature';
import { commentsFeature } from './modules/comments/comments.feature';
import { contentRoutes } from './modules/content/content.routes';
import { followsFeature } from './modules/follows/follows.feature';
import { installRoutes } from './modules/install/install.routes';
import { linksFeature } from './modules/links/links.feature';
import { messagesFeature } from './modules/messages/messages.feature';
import { dashboardFeature } from './modules/dashboard/dashboard.feature';
import { moderationFeature } from './modules/moderation/moderation.feature';
import { reviewFeature } from './modules/review/review.feature';
import { nodesFeature } from './modules/nodes/nodes.feature';
import { noticesFeature } from './modules/notices/notices.feature';
import { reactionsFeature } from './modules/reactions/reactions.feature';
import { scoresFeature } from './modules/scores/scores.feature';
import { searchFeature } from './modules/search/search.feature';
import { siteSettingsFeature } from './modules/site-settings/site-settings.feature';
import { seoRoutes } from './modules/seo/seo.routes';
import { siteFeature } from './modules/site/site.feature';
import { tagsFeature } from './modules/tags/tags.feature';
import { topicsFeature } from './modules/topics/topics.feature';
import { uploadFileRoutes, uploadRoutes } from './modules/uploads/uploads.routes';
import { usersFeature } from './modules/users/users.feature';
import { wordsFeature } from './modules/words/words.feature';
import { vipFeature } from './modules/vip/vip.feature';
import { pagesFeature } from './http/pages.feature';

export interface Feature {
  name: string;
  /** The feature's declared actions (ADR 0021): its API routes and the pages' reads. */
  actions?: readonly AnyAction[];
  /** Routes mounted under /api. */
  api?: FastifyPluginAsync;
  /** Routes outside /api (sitemaps, RSS, uploaded files), registered before the site's page handler. */
  root?: FastifyPluginAsync;
  /**
   * The feature's methods of `context.site` (common/load-context.ts), calling its use cases;
   * assembled once per app by the composition root, each method from exactly one feature.
   */
  pages?(ctx: AppContext): PageSlice;
  /** Registers the feature's content kinds and event handlers on the app context. */
  setup?(ctx: AppContext): void;
}

export const features: Feature[] = [
  siteFeature,
  { name: 'install', api: installRoutes },
  authFeature,
  usersFeature,
  nodesFeature,
  tagsFeature,
  topicsFeature,
  articlesFeature,
  commentsFeature,
  reactionsFeature,
  followsFeature,
  messagesFeature,
  scoresFeature,
  searchFeature,
  moderationFeature,
  reviewFeature,
  siteSettingsFeature,
  dashboardFeature,
  linksFeature,
  noticesFeature,
  wordsFeature,
  vipFeature,
  { name: 'content', api: contentRoutes },
  { name: 'uploads', api: uploadRoutes, root: uploadFileRoutes },
  { name: 'seo', root: seoRoutes },
  pagesFeature,
];
