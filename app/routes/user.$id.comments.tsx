/**
 * `/user/{id}/comments`: a member's public profile (../components/people/profile.tsx) and their
 * comments, newest first, each under the title of the post it belongs to, "Load more" through
 * `GET /api/comment/user_comments`. Comments on posts the reader may not see are left out.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { UserCommentFeed, type UserCommentPage } from '~/components/people/user-comment-feed';
import { unwrap } from '~/components/topic/page-data.server';
import { commentActions } from '../../common/actions/comments';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: UserCommentPage }> {
  const { id, ...profile } = await loadProfile(context, params.id, '/comments');
  return { ...profile, page: unwrap(await context.read(commentActions.ofUser, { userId: id })) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches, 'profileTabs.comments.title');

export default function UserCommentsPage() {
  return <ProfileList data={useLoaderData<typeof loader>()} list="comments" Feed={UserCommentFeed} />;
}
