/**
 * The in-process service facade that page loaders call through the load context. Each method
 * is bound to this request's app context; features add methods here as their pages need data.
 */
import type { AppContext } from '../context';
import { presentConfig, type SiteConfig } from '../modules/site/site.presenter';
import { createInteractionPageServices, type InteractionPageServices } from './interaction-page-services';
import { createPeoplePageServices, type PeoplePageServices } from './people-page-services';
import { createTopicPageServices, type TopicPageServices } from './topic-page-services';

export interface SiteServices {
  config(): Promise<SiteConfig>;
  /** Comments, favorites, messages and the unread badge (comment section, /user/favorites, /user/messages). */
  interactions: InteractionPageServices;
  /** Topic feeds, detail, edit fields, nodes and tags (topic pages). */
  topics: TopicPageServices;
  /** Public profiles and their topics (`/user/{id}`). */
  people: PeoplePageServices;
}

export function createSiteServices(ctx: AppContext): SiteServices {
  return {
    async config() {
      const settings = await ctx.settings.get(ctx.state.installed ? ctx.state.db : null);
      return presentConfig(settings, ctx.state.installed);
    },
    interactions: createInteractionPageServices(ctx),
    topics: createTopicPageServices(ctx),
    people: createPeoplePageServices(ctx),
  };
}
