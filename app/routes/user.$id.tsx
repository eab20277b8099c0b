/**
 * `/user/{id}` (spec §2): a member's public profile (../components/people/profile.tsx) and their
 * topics, newest first, with "Load more" by keyset cursor through `GET /api/topic/user_topics`.
 * Unknown or disabled accounts are a 404. The owner also sees their own topics awaiting review,
 * and a link to edit the profile.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadProfile, type ProfileBase } from '~/components/people/profile-data.server';
import { profileMeta, ProfileShell } from '~/components/people/profile';
import { feedPage, unwrap, viewerOf } from '~/components/topic/page-data.server';
import { TopicFeed } from '~/components/topic/topic-feed';
import type { TopicPage } from '~/components/topic/types';
import { EmptyState } from '~/components/ui/empty-state';
import { ChatIcon } from '~/components/ui/icons';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

interface ProfileData extends ProfileBase {
  page: TopicPage;
}

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>): Promise<ProfileData> {
  const { id, ...profile } = await loadProfile(context, params.id);
  const page = feedPage(unwrap(await context.site.people.topics(viewerOf(context), id)));
  return { ...profile, page };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => profileMeta(data, matches);

export default function UserProfilePage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const { user: viewer } = useRootData();
  const { user } = data;
  const own = viewer?.id === user.id;
  return (
    <ProfileShell user={user} now={data.now} active="topics" heading={t('people.topicsHeading')} testId="topic-feed">
      <TopicFeed
        page={data.page}
        source={{ path: '/api/topic/user_topics', query: { userId: user.id } }}
        label={t('people.feedLabel', { name: user.nickname })}
        empty={
          <EmptyState icon={<ChatIcon className="size-6" />} title={t('people.emptyTitle')}>
            {own ? t('people.emptyOwn') : t('people.emptyOther', { name: user.nickname })}
          </EmptyState>
        }
      />
    </ProfileShell>
  );
}
