/** `/topics/tag/{id}` (spec §2): the topics carrying one tag, newest first. */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { tFor } from '~/lib/i18n';
import { loadTagFeed } from '~/components/topic/feed-data.server';
import { feedMeta, FeedView } from '~/components/topic/feed-view';
import { pathId } from '~/components/topic/page-data.server';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context, request, params }: LoaderFunctionArgs<AppLoadContext>) {
  const notFound = tFor(context.locale)('topic.errors.tagNotFound');
  return loadTagFeed(context, request, pathId(params.id, notFound), notFound);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => feedMeta({ data, matches });

/** The feed is the same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function TagTopicsPage() {
  return <FeedView data={useLoaderData<typeof loader>()} />;
}
