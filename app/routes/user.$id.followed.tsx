/**
 * `/user/{id}/followed` (spec §2): a member's public profile (../components/people/profile.tsx)
 * and the members they follow, newest first, each with the reader's own follow button, "Load
 * more" through `GET /api/fans/followed`. Unknown or disabled accounts are a 404.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { followActions } from '../../common/actions/follows';
import { MemberFeed, type MemberPage } from '~/components/people/member-feed';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { unwrap } from '~/components/topic/page-data.server';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: MemberPage }> {
  const { id, ...profile } = await loadProfile(context, params.id, '/followed');
  return { ...profile, page: unwrap(await context.read(followActions.followed, { userId: id })) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches, 'follow.followed.title');

export default function UserFollowedPage() {
  return <ProfileList data={useLoaderData<typeof loader>()} list="followed" Feed={MemberFeed} />;
}
