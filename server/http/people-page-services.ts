/**
 * The public profile page's slice of the load-context facade (`context.site.people.*`, DESIGN
 * convention 11): the user as `GET user/{id}` presents it, and their topics as
 * `GET topic/user_topics` pages them (the owner also sees their own pending topics).
 */
import type * as Pages from '../../common/load-context';
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { UserRow } from '../db/schema';
import { userTopics } from '../modules/topics/topics.usecases';
import { presentPublicUser } from '../modules/users/users.presenter';
import { getActiveUser } from '../modules/users/users.service';
import { attemptForPage } from './topic-page-services';

/** `context.site.people`, declared in common/load-context.ts, over the server's user row. */
export type PeoplePageServices = Pages.PeoplePageServices<UserRow>;

export function createPeoplePageServices(ctx: AppContext): PeoplePageServices {
  return {
    profile: (viewer, id) => attemptForPage(viewer, async () => presentPublicUser(await getActiveUser(requireDb(ctx), id), { now: ctx.clock.now() })),
    topics: (viewer, userId, cursor) =>
      attemptForPage(viewer, () => userTopics(ctx, { viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() }, { userId, cursor })),
  };
}
