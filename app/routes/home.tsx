/**
 * Home `/` (spec §2): the latest topics (sticky ones first, then by last activity), with the
 * recommended and following tabs (`?tab=`), the node strip and the side column. The first page
 * is rendered on the server from `topic/topics` read in-process (`context.read`); "Load more" pages
 * through the JSON API.
 * Above it, the site notices whose window holds now (`notice/list`, read in process), each dismissible.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { noticeActions } from '../../common/actions/notices';
import { loadTabFeed } from '~/components/topic/feed-data.server';
import { feedMeta, FeedView } from '~/components/topic/feed-view';
import { SiteNotices } from '~/components/notices/site-notices';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const [feed, notices] = await Promise.all([loadTabFeed(context, request, 'home'), context.read(noticeActions.current, {})]);
  // The notices are an extra above the feed: a refused read shows none rather than an error page.
  return { ...feed, notices: notices.ok ? notices.data : [] };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => feedMeta({ data, matches });

/** The feed is the same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function Home() {
  const { notices, ...feed } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteNotices notices={notices} />
      <FeedView data={feed} />
    </>
  );
}
