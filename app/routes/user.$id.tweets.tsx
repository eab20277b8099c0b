/**
 * `/user/{id}/tweets`: a member's public profile (../components/people/profile.tsx) and their
 * tweets (short posts), newest first, "Load more" through `GET /api/topic/user_topics?type=1`.
 * With the tweet module off the tab is not shown and this page is a 404.
 */
import { data, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import { TOPIC_TYPES } from '../../common/constants';
import { loadProfile, tweetsOn, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { feedPage, unwrap } from '~/components/topic/page-data.server';
import { TopicFeed } from '~/components/topic/topic-feed';
import type { TopicPage } from '~/components/topic/types';
import { tFor } from '~/lib/i18n';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: TopicPage }> {
  if (!(await tweetsOn(context))) throw data(tFor(context.locale)('topic.errors.tweetDisabled'), { status: 404 });
  const { id, ...profile } = await loadProfile(context, params.id, '/tweets');
  return { ...profile, page: feedPage(unwrap(await context.read(topicActions.ofUser, { userId: id, type: TOPIC_TYPES.tweet }))) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches, 'profileTabs.tweets.title');

export default function UserTweetsPage() {
  return <ProfileList data={useLoaderData<typeof loader>()} list="tweets" Feed={TopicFeed} />;
}
