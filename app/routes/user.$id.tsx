/**
 * `/user/{id}` (spec §2): a member's public profile (../components/people/profile.tsx) and their
 * topics, newest first, with "Load more" by keyset cursor through `GET /api/topic/user_topics`.
 * Unknown or disabled accounts are a 404. The owner also sees their own topics awaiting review,
 * and a link to edit the profile.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { feedPage, unwrap, viewerOf } from '~/components/topic/page-data.server';
import { TopicFeed } from '~/components/topic/topic-feed';
import type { TopicPage } from '~/components/topic/types';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: TopicPage }> {
  const { id, ...profile } = await loadProfile(context, params.id);
  return { ...profile, page: feedPage(unwrap(await context.site.people.topics(viewerOf(context), id))) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches);

export default function UserProfilePage() {
  return <ProfileList data={useLoaderData<typeof loader>()} list="topics" Feed={TopicFeed} />;
}
