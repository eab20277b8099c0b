/** `/articles/tag/{id}` (spec §2): the articles carrying one tag, newest first; 404 for an unknown tag. */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { articlesMeta, ArticlesView } from '~/components/article/articles-view';
import { loadArticleTagFeed } from '~/components/article/data.server';
import { pathId } from '~/components/topic/page-data.server';
import { tFor } from '~/lib/i18n';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context, params }: LoaderFunctionArgs<AppLoadContext>) {
  const notFound = tFor(context.locale)('article.errors.tagNotFound');
  return loadArticleTagFeed(context, pathId(params.id, notFound), notFound);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => articlesMeta({ data, matches });

/** The feed is the same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function TagArticlesPage() {
  return <ArticlesView data={useLoaderData<typeof loader>()} />;
}
