/**
 * `/user/{id}` (spec §2): a member's public profile (../components/people/profile.tsx) and their
 * topics, newest first, with "Load more" by keyset cursor through `GET /api/topic/user_topics`.
 * With the tweet module on, tweets have their own tab (`/user/{id}/tweets`) and this one lists
 * posts alone. Unknown or disabled accounts are a 404. The owner also sees their own topics
 * awaiting review, and a link to edit the profile.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import { TOPIC_TYPES } from '../../common/constants';
import { loadProfile, tweetsOn, type ProfileBase } from '~/components/people/profile-data.server';
import { JsonLd, profileStructuredData } from '~/components/content/structured-data';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { feedPage, unwrap } from '~/components/topic/page-data.server';
import { TopicFeed } from '~/components/topic/topic-feed';
import type { TopicPage } from '~/components/topic/types';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: TopicPage }> {
  const [{ id, ...profile }, split] = await Promise.all([loadProfile(context, params.id), tweetsOn(context)]);
  const type = split ? TOPIC_TYPES.post : undefined;
  return { ...profile, page: feedPage(unwrap(await context.read(topicActions.ofUser, { userId: id, type }))) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches);

export default function UserProfilePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <JsonLd data={profileStructuredData(data.user, data.canonical)} />
      <ProfileList data={data} list="topics" Feed={TopicFeed} />
    </>
  );
}
