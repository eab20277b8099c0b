/**
 * Site settings (issue 17): the back office's settings routes and screen, the about page, and what
 * a change sets off. A folder of its own beside modules/settings (the store every feature reads):
 * the screen also sends a test mail (auth) and checks the logo (uploads), and those read the store. `settings.changed` (commit): this process's settings and feed caches are
 * dropped and every other process is told over the bus (each drops its own: app.ts connects the
 * cache); the pages feature drops every cached page; the audit feature writes the row (write).
 */
import type { Feature } from '../../features';
import { settingsPages } from './settings.pages';
import { settingsRoutes } from './settings.routes';

export const settingsFeature: Feature = {
  name: 'settings',
  api: settingsRoutes,
  pages: settingsPages,
  setup(ctx) {
    ctx.events.onCommit('settings.changed', 'settings', async ({ keys }, app) => {
      // Feeds hold what the settings decide (a module's items, the review rules): drop them all here.
      app.feedCache.clear();
      await app.settings.changed(keys);
    });
  },
};
