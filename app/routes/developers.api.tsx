/**
 * `/developers/api` (issue 26): the API reference, read in-process from the same cached
 * OpenAPI document `GET /api/openapi.json` serves (the page-only read `apiDocs.reference`),
 * never by fetching the site's own server. Its texts (DEVELOPER_SECTIONS) come with this page's
 * data, in the reader's locale, so the locale chunk every visitor downloads stays without them.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { apiDocsActions } from '../../common/actions/api-docs';
import { translator } from '../../common/i18n';
import { resources, type Messages } from '../../common/locales';
import { ApiReference } from '~/components/api-docs/api-reference';
import { unwrap } from '~/components/topic/page-data.server';
import { DEVELOPER_SECTIONS } from '~/lib/locales/sections';
import type { RootData } from '~/lib/session';
import { useRootData } from '~/lib/session';
import { TranslationProvider } from '~/lib/use-t';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const reference = unwrap(await context.read(apiDocsActions.reference, {}));
  const all = resources[context.locale];
  const messages: Messages = Object.fromEntries(DEVELOPER_SECTIONS.map((section) => [section, all[section] ?? {}]));
  return { reference, messages, title: translator(context.locale)('apiDocs.title') };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return [{ title: `${data?.title ?? 'API'} · ${root?.config.siteTitle || 'Sabai'}` }];
};

/** The same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

export default function ApiReferencePage() {
  const { reference, messages } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <TranslationProvider locale={locale} sections={messages}>
      <ApiReference reference={reference} />
    </TranslationProvider>
  );
}
