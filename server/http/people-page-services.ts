/**
 * The public profile page's slice of the load-context facade (`context.site.people.*`, DESIGN
 * convention 11): the user as `GET user/{id}` presents it, and their topics as
 * `GET topic/user_topics` pages them (the owner also sees their own pending topics).
 */
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { Page } from '../kernel/paging';
import type { TopicView } from '../modules/topics/topics.presenter';
import { userTopicFeed } from '../modules/topics/topics.feeds';
import { presentPublicUser, type PublicUser } from '../modules/users/users.presenter';
import { getActiveUser } from '../modules/users/users.service';
import { attemptForPage, type PageResult, type PageViewer } from './topic-page-services';

export interface PeoplePageServices {
  /** An active user's public profile; 404 for unknown or disabled accounts. */
  profile(viewer: PageViewer, id: number): Promise<PageResult<PublicUser>>;
  /** Their topics, newest first, 20 a page by keyset cursor. */
  topics(viewer: PageViewer, userId: number, cursor?: string): Promise<PageResult<Page<TopicView>>>;
}

export function createPeoplePageServices(ctx: AppContext): PeoplePageServices {
  return {
    profile: (viewer, id) => attemptForPage(viewer, async () => presentPublicUser(await getActiveUser(requireDb(ctx), id), { now: ctx.clock.now() })),
    topics: (viewer, userId, cursor) =>
      attemptForPage(viewer, () => userTopicFeed(requireDb(ctx), { userId, cursor }, { viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() })),
  };
}
