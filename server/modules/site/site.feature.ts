/**
 * The site itself: its public configuration (`config/configs`), and its catalogue's facts — the
 * back office's nodes, tags, friend links and notices (`site.catalogChanged`) — audited in the
 * transaction and dropped from the cached pages after it.
 */
import { siteActions } from '../../../common/actions/site';
import { siteConfigSchema } from '../../../common/views/site';
import type { Feature } from '../../kernel/feature';
import { limit, readAction, who } from '../../kernel/actions';
import { ALL_PAGES, dropPages, LIST_PAGES } from '../../kernel/page-tags';
import { recordAudit } from '../audit/audit.api';
import { presentConfig } from './site.presenter';

export const siteFeature: Feature = {
  name: 'site',
  actions: [
    readAction(siteActions.config, {
      who: who.anyone(),
      limit: limit.none('a small answer from the settings cache: nothing to exhaust'),
      beforeInstall: true,
      answer: siteConfigSchema,
      run: async ({ ctx, settings }) => presentConfig(settings, ctx.state.installed),
    }),
  ],
  setup(ctx) {
    // Which node, tag, link or notice, what was done, by whom.
    ctx.events.onWrite('site.catalogChanged', 'site', async ({ what, id, action, detail, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: `${what}.${action}`, targetType: what, targetId: id, detail, ip: actor.ip, time: now });
    });
    // A node's or tag's name shows on every page with a topic or article; friend links (/links)
    // and notices (the home page) show on list pages only.
    ctx.events.onCommit('site.catalogChanged', 'site', ({ what }, app) => dropPages(app, what === 'node' || what === 'tag' ? [ALL_PAGES] : [LIST_PAGES]));
  },
};
