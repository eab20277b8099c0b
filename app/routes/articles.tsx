/**
 * `/articles` (spec §2): the latest articles, newest first, the newest one leading with its
 * cover; keyset "Load more" through `GET /api/article/articles`; the most used tags beside them.
 * With the article module off: 403 'Article feature is not enabled'.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { articlesMeta, ArticlesView } from '~/components/article/articles-view';
import { loadArticleFeed } from '~/components/article/data.server';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  return loadArticleFeed(context);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => articlesMeta({ data, matches });

/** The feed is the same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function ArticlesPage() {
  return <ArticlesView data={useLoaderData<typeof loader>()} />;
}
