/**
 * The installable app (issue 27): the web app manifest, icons drawn from the site logo, and the
 * service worker (offline page, hashed assets, push notifications). `settings.changed` (commit):
 * a new logo or title empties this process's icons at once, so none of the old ones is kept;
 * other processes notice the new source on their next icon (pwa.icons.ts).
 */
import type { Feature } from '../../kernel/feature';
import { pwaActionList } from './pwa.actions';
import { iconCacheOf } from './pwa.icons';

/** The settings the icons are drawn from. */
const ICON_SETTINGS = new Set(['siteLogo', 'siteTitle']);

export const pwaFeature: Feature = {
  name: 'pwa',
  actions: pwaActionList,
  setup(ctx) {
    ctx.events.onCommit('settings.changed', 'pwa', ({ keys }, app) => {
      if (keys.some((key) => ICON_SETTINGS.has(key))) iconCacheOf(app).clear();
    });
  },
};
