/**
 * The in-process service facade that page loaders call through the load context. Each method
 * is bound to this request's app context; features add methods here as their pages need data.
 * Its shape is declared in common/load-context.ts (what the pages rely on); here it is built
 * over the server's user row.
 */
import type * as Pages from '../../common/load-context';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { presentConfig } from '../modules/site/site.presenter';
import { createInteractionPageServices } from './interaction-page-services';
import { createPeoplePageServices } from './people-page-services';
import { siteOriginOf } from './site-address';
import { createTopicPageServices } from './topic-page-services';

/** `context.site`, declared in common/load-context.ts, over the server's user row. */
export type SiteServices = Pages.SiteServices<UserRow>;

export function createSiteServices(ctx: AppContext): SiteServices {
  return {
    async config() {
      const settings = await ctx.settings.get(ctx.state.installed ? ctx.state.db : null);
      return presentConfig(settings, ctx.state.installed);
    },
    now: () => ctx.clock.now(),
    origin: () => siteOriginOf(ctx.config),
    installState: () => ({ installed: ctx.state.installed, fixedDbType: ctx.config.database?.type ?? null }),
    log: { error: (details, message) => ctx.log.error(details, message) },
    interactions: createInteractionPageServices(ctx),
    topics: createTopicPageServices(ctx),
    people: createPeoplePageServices(ctx),
  };
}
