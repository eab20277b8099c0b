/** Loader part of the profile pages (server only): the member and their tabs' counts, or the 404 page. */
import type { AppLoadContext } from 'react-router';
import { topicActions } from '../../../common/actions/topics';
import { followActions } from '../../../common/actions/follows';
import { siteActions } from '../../../common/actions/site';
import type { PublicUser } from '../../../common/views/user';
import { originOf, pathId, unwrap } from '~/components/topic/page-data.server';
import { tFor } from '~/lib/i18n';
import { paths } from '~/lib/paths';

export interface ProfileBase {
  user: PublicUser;
  /** Their published posts and tweets, apart: the topics and tweets tabs count them. */
  counts: { posts: number; tweets: number };
  now: number;
  canonical: string;
}

/** The member of `/user/{id}…` (unknown or disabled: 404) and the page's canonical address (`suffix`: `/articles`). */
export async function loadProfile(context: AppLoadContext, rawId: string | undefined, suffix = ''): Promise<ProfileBase & { id: number }> {
  const id = pathId(rawId, tFor(context.locale)('errors.account.userNotFound'));
  const [user, counts] = await Promise.all([context.read(followActions.profile, { id }), context.read(topicActions.userCounts, { userId: id })]);
  return { id, user: unwrap(user), counts: unwrap(counts), now: context.site.now(), canonical: `${originOf(context)}${paths.user(id)}${suffix}` };
}

/** Whether the tweet module is on: the topics tab then lists posts alone, and tweets have their own tab. */
export async function tweetsOn(context: AppLoadContext): Promise<boolean> {
  return unwrap(await context.read(siteActions.config, {})).modules.tweet;
}
