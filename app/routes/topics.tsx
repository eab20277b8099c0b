/** `/topics` (spec §2): every topic, latest first (sticky on top), with the recommended and following tabs. */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadTabFeed } from '~/components/topic/feed-data.server';
import { feedMeta, FeedView } from '~/components/topic/feed-view';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  return loadTabFeed(context, request, 'topics');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => feedMeta({ data, matches });

/** The feed is the same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function TopicsPage() {
  return <FeedView data={useLoaderData<typeof loader>()} />;
}
