/** Loader part of the profile pages (server only): the member, or the 404 page. */
import type { AppLoadContext } from 'react-router';
import type { PublicUser } from '../../../common/views/user';
import { originOf, pathId, unwrap, viewerOf } from '~/components/topic/page-data.server';
import { tFor } from '~/lib/i18n';
import { paths } from '~/lib/paths';

export interface ProfileBase {
  user: PublicUser;
  now: number;
  canonical: string;
}

/** The member of `/user/{id}…` (unknown or disabled: 404) and the page's canonical address (`suffix`: `/articles`). */
export async function loadProfile(context: AppLoadContext, rawId: string | undefined, suffix = ''): Promise<ProfileBase & { id: number }> {
  const id = pathId(rawId, tFor(context.locale)('errors.account.userNotFound'));
  const user = unwrap(await context.site.people.profile(viewerOf(context), id));
  return { id, user, now: context.site.now(), canonical: `${originOf(context)}${paths.user(id)}${suffix}` };
}
