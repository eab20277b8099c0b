/**
 * Every feature of the forum, once, assembled by `buildApp` (what a feature declares is
 * kernel/feature.ts's `Feature`). A new feature is one more entry here. Listeners of one fact run
 * by their declared order (HANDLER_ORDER: the rows they lock), then in this list's order.
 */
import type { Feature } from './kernel/feature';
import { apiDocsFeature } from './modules/api-docs/api-docs.feature';
import { articlesFeature } from './modules/articles/articles.feature';
import { blocksFeature } from './modules/blocks/blocks.feature';
import { warningsFeature } from './modules/warnings/warnings.feature';
import { authFeature } from './modules/auth/auth.feature';
import { securityFeature } from './modules/security/security.feature';
import { commentsFeature } from './modules/comments/comments.feature';
import { contentFeature } from './modules/content/content.feature';
import { followsFeature } from './modules/follows/follows.feature';
import { installFeature } from './modules/install/install.feature';
import { linksFeature } from './modules/links/links.feature';
import { messagesFeature } from './modules/messages/messages.feature';
import { dashboardFeature } from './modules/dashboard/dashboard.feature';
import { cachesFeature } from './modules/caches/caches.feature';
import { moderationFeature } from './modules/moderation/moderation.feature';
import { reviewFeature } from './modules/review/review.feature';
import { nodesFeature } from './modules/nodes/nodes.feature';
import { noticesFeature } from './modules/notices/notices.feature';
import { reactionsFeature } from './modules/reactions/reactions.feature';
import { scoresFeature } from './modules/scores/scores.feature';
import { searchFeature } from './modules/search/search.feature';
import { siteSettingsFeature } from './modules/site-settings/site-settings.feature';
import { seoFeature } from './modules/seo/seo.feature';
import { pwaFeature } from './modules/pwa/pwa.feature';
import { siteFeature } from './modules/site/site.feature';
import { tagsFeature } from './modules/tags/tags.feature';
import { topicsFeature } from './modules/topics/topics.feature';
import { uploadsFeature } from './modules/uploads/uploads.feature';
import { usersFeature } from './modules/users/users.feature';
import { wordsFeature } from './modules/words/words.feature';
import { vipFeature } from './modules/vip/vip.feature';
import { jobsFeature } from './modules/jobs/jobs.feature';
import { unsubscribeFeature } from './modules/unsubscribe/unsubscribe.feature';
import { digestFeature } from './modules/digest/digest.feature';
import { pushFeature } from './modules/push/push.feature';
import { mentionsFeature } from './modules/mentions/mentions.feature';
import { pagesFeature } from './http/pages.feature';
import { conversationsFeature } from './modules/conversations/conversations.feature';
import { reportsFeature } from './modules/reports/reports.feature';
import { ipBansFeature } from './modules/ipbans/ipbans.feature';
import { trustFeature } from './modules/trust/trust.feature';
import { challengeFeature } from './modules/challenge/challenge.feature';
import { embedsFeature } from './modules/embeds/embeds.feature';
import { identitiesFeature } from './modules/identities/identities.feature';
import { accountDataFeature } from './modules/account-data/account-data.feature';
import { backupsFeature } from './modules/backups/backups.feature';
import { phoneFeature } from './modules/phone/phone.feature';
import { viewerFeature } from './modules/viewer/viewer.feature';


export type { Feature };

export const features: Feature[] = [
  siteFeature,
  installFeature,
  authFeature,
  identitiesFeature,
  securityFeature,
  phoneFeature,
  viewerFeature,
  usersFeature,
  nodesFeature,
  tagsFeature,
  topicsFeature,
  articlesFeature,
  commentsFeature,
  reactionsFeature,
  followsFeature,
  messagesFeature,
  mentionsFeature,
  scoresFeature,
  searchFeature,
  moderationFeature,
  reviewFeature,
  siteSettingsFeature,
  dashboardFeature,
  cachesFeature,
  linksFeature,
  noticesFeature,
  wordsFeature,
  vipFeature,
  jobsFeature,
  unsubscribeFeature,
  digestFeature,
  pushFeature,
  contentFeature,
  uploadsFeature,
  seoFeature,
  pwaFeature,
  conversationsFeature,
  reportsFeature,
  blocksFeature,
  warningsFeature,
  ipBansFeature,
  trustFeature,
  challengeFeature,
  embedsFeature,
  accountDataFeature,
  backupsFeature,
  // The API's own description: made from every other feature's declared actions.
  apiDocsFeature,
  pagesFeature,
];
