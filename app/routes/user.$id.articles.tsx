/**
 * `/user/{id}/articles` (spec §2): a member's public profile (../components/people/profile.tsx)
 * and their articles, newest first, with "Load more" through `GET /api/article/user_articles`.
 * The owner and moderators also see the ones awaiting review. With the module off: 403.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ArticleFeed } from '~/components/article/article-feed';
import { articleFeedPage } from '~/components/article/data.server';
import type { ArticlePage } from '~/components/article/types';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileShell } from '~/components/people/profile';
import { EditIcon } from '~/components/topic/icons';
import { unwrap, viewerOf } from '~/components/topic/page-data.server';
import { EmptyState } from '~/components/ui/empty-state';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

interface ProfileArticlesData extends ProfileBase {
  page: ArticlePage;
}

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileArticlesData> {
  const { id, ...profile } = await loadProfile(context, params.id, '/articles');
  const page = articleFeedPage(unwrap(await context.site.articles.userArticles(viewerOf(context), { userId: id })));
  return { ...profile, page };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches, 'articleUi.profile.title');

export default function UserArticlesPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { user: viewer } = useRootData();
  const { user } = data;
  const own = viewer?.id === user.id;
  return (
    <ProfileShell user={user} now={data.now} active="articles" heading={t('articleUi.profile.heading')} testId="article-feed">
      <ArticleFeed
        page={data.page}
        source={{ path: '/api/article/user_articles', query: { userId: user.id } }}
        label={t('articleUi.profile.feedLabel', { name: user.nickname })}
        empty={
          <EmptyState icon={<EditIcon className="size-6" />} title={t('articleUi.profile.emptyTitle')}>
            {own ? t('articleUi.profile.emptyOwn') : t('articleUi.profile.emptyOther', { name: user.nickname })}
          </EmptyState>
        }
      />
    </ProfileShell>
  );
}
