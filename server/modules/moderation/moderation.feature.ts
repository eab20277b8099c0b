/**
 * Moderation (issue 16): bans and the back office's reads. Its side effects are other features'
 * handlers of its facts: `user.banned` / `user.unbanned` → the audit row (audit.feature.ts) and
 * the member's site message (messages.feature.ts); `user.profileChanged` → the pages.
 */
import type { Feature } from '../../features';
import { moderationPages } from './moderation.pages';
import { moderationRoutes } from './moderation.routes';

export const moderationFeature: Feature = {
  name: 'moderation',
  api: moderationRoutes,
  pages: moderationPages,
};
