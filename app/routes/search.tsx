/**
 * `/search?q=` (spec §2, issue 15): the header's search box submits here. Topics, articles (while
 * the module is on) and users; time ranges and a node filter; results with the matched words
 * marked and "Load more"; the same for every reader, so a member's own parts need not run it again.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { DEFAULT_LOCALE } from '../../common/constants';
import { loadSearch } from '~/components/search/search-data.server';
import { SearchView } from '~/components/search/search-view';
import { tFor } from '~/lib/i18n';
import type { RootData } from '~/lib/session';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  return loadSearch(context, request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  const site = root?.config.siteTitle || 'Sabai';
  const keyword = data?.params.keyword ?? '';
  // Results pages stay out of search engines' indexes (Google's guidelines: no search results in
  // search results), and their links are still followed.
  return [
    { title: `${keyword ? t('search.page.titleWithKeyword', { keyword }) : t('search.page.title')} · ${site}` },
    { name: 'description', content: keyword ? t('pageMeta.search', { site, keyword }) : t('pageMeta.searchEmpty', { site }) },
    { name: 'robots', content: 'noindex, follow' },
  ];
};

export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function SearchPage() {
  return <SearchView data={useLoaderData<typeof loader>()} />;
}
