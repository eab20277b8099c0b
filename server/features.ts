/**
 * Every feature of the forum, declared once and assembled by `buildApp`: its API routes (under
 * /api), its routes outside /api, its slice of the pages' `context.site` (the page loaders' door
 * to its use cases), and `setup`, where it registers its content kinds and the domain-event
 * handlers of its side effects. A new feature is one more entry here; a new side
 * effect is one more handler in its feature's setup. Order matters twice: routes register in
 * this order, and handlers of one event run in this order (counters lock users, then nodes, then
 * tags, the order every write takes, so concurrent writes queue instead of deadlocking).
 */
import type { AppContext } from './context';
import type { AnyAction } from './kernel/actions';
import { apiDocsFeature } from './modules/api-docs/api-docs.feature';
import type { AnyJob, ScheduleDefinition } from './kernel/jobs';
import { articlesFeature } from './modules/articles/articles.feature';
import { authFeature } from './modules/auth/auth.feature';
import { commentsFeature } from './modules/comments/comments.feature';
import { contentFeature } from './modules/content/content.feature';
import { followsFeature } from './modules/follows/follows.feature';
import { installFeature } from './modules/install/install.feature';
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
import { seoFeature } from './modules/seo/seo.feature';
import { siteFeature } from './modules/site/site.feature';
import { tagsFeature } from './modules/tags/tags.feature';
import { topicsFeature } from './modules/topics/topics.feature';
import { uploadsFeature } from './modules/uploads/uploads.feature';
import { usersFeature } from './modules/users/users.feature';
import { wordsFeature } from './modules/words/words.feature';
import { vipFeature } from './modules/vip/vip.feature';
import { jobsFeature } from './modules/jobs/jobs.feature';
import { pagesFeature } from './http/pages.feature';

export interface Feature {
  name: string;
  /** The feature's declared actions (ADR 0021): its API routes and the pages' reads. */
  actions?: readonly AnyAction[];
  /** Registers the feature's content kinds and event handlers on the app context. */
  setup?(ctx: AppContext): void;
  /**
   * What runs as long as the app does (the live unread streams' hub): started once every feature
   * is set up; the function it answers stops it first when the app closes, before the server
   * waits for its connections (an open stream would hold it: http/drain.ts).
   */
  start?(ctx: AppContext): Promise<() => void | Promise<void>>;
  /** The jobs its writes enqueue (kernel/jobs.ts): run after the commit, retried, never lost. */
  jobs?: readonly AnyJob[];
  /** Its periodic jobs: each run once per interval across every process. */
  schedules?: readonly ScheduleDefinition[];
}

export const features: Feature[] = [
  siteFeature,
  installFeature,
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
  jobsFeature,
  contentFeature,
  uploadsFeature,
  seoFeature,
  // The API's own description: made from every other feature's declared actions.
  apiDocsFeature,
  pagesFeature,
];
