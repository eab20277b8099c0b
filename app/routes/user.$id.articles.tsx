/**
 * `/user/{id}/articles` (spec §2): a member's public profile (../components/people/profile.tsx)
 * and their articles, newest first, with "Load more" through `GET /api/article/user_articles`.
 * The owner and moderators also see the ones awaiting review. With the module off: 403.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { articleActions } from '../../common/actions/articles';
import { ArticleFeed } from '~/components/article/article-feed';
import { articleFeedPage } from '~/components/article/data.server';
import type { ArticlePage } from '~/components/article/types';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileList } from '~/components/people/profile';
import { unwrap } from '~/components/topic/page-data.server';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileBase & { page: ArticlePage }> {
  const { id, ...profile } = await loadProfile(context, params.id, '/articles');
  return { ...profile, page: articleFeedPage(unwrap(await context.read(articleActions.ofUser, { userId: id }))) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches, 'articleUi.profile.title');

export default function UserArticlesPage() {
  return <ProfileList data={useLoaderData<typeof loader>()} list="articles" Feed={ArticleFeed} />;
}
