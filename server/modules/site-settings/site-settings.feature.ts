/**
 * Site settings (issue 17): the back office's settings actions and screen, the about page, and what
 * a change sets off. A folder of its own beside modules/settings (the store every feature reads):
 * the screen also sends a test mail (auth) and checks the logo (uploads), and those read the store. `settings.changed` (commit): this process's settings and feed caches are
 * dropped and every other process is told over the bus (each drops its own: app.ts connects the
 * cache) and every cached page goes; the change is audited (write).
 */
import type { Feature } from '../../kernel/feature';
import { ALL_PAGES, dropPages } from '../../kernel/page-tags';
import { recordAudit } from '../audit/audit.api';
import { siteSettingsActionList } from './site-settings.actions';

export const siteSettingsFeature: Feature = {
  name: 'settings',
  actions: siteSettingsActionList,
  setup(ctx) {
    ctx.events.onCommit('settings.changed', 'settings', async ({ keys }, app) => {
      // Feeds hold what the settings decide (a module's items, the review rules): drop them all here.
      app.feedCache.clear();
      await app.settings.changed(keys);
    });
    // The header (title, logo, nav links, the create menu's modules) is on every page, and a
    // module switched off must not stay readable from the cache.
    ctx.events.onCommit('settings.changed', 'settings', (_event, app) => dropPages(app, [ALL_PAGES]));
    // Who changed which keys (not the values: the SMTP password is one of them).
    ctx.events.onWrite('settings.changed', 'settings', async ({ keys, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'settings.update', targetType: 'settings', targetId: null, detail: { keys: keys.join(', ') }, ip: actor.ip, time: now });
    });
  },
};
