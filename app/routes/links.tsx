/**
 * Friend links `/links` (spec §2; the footer links here): each site with its logo, title,
 * address and summary, in the order the admins set (`/admin/links`). The first page is rendered
 * on the server from the `link/list` action (`context.read`); "More links" pages through it too. The links are
 * the admins' own choice, not user content, so they lead straight to the site (new tab, no
 * referrer) rather than through the /redirect interstitial.
 */
import { useState } from 'react';
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { linkActions } from '../../common/actions/links';
import type { LinkView } from '../../common/views/links';
import type { Page } from '../../common/views/page';
import { DEFAULT_LOCALE } from '../../common/constants';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { send } from '~/lib/api';
import { unwrap } from '~/components/topic/page-data.server';
import { tFor } from '~/lib/i18n';
import type { RootData } from '~/lib/session';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { SHARED_FOR_EVERY_READER, sharedForEveryReader } from '~/lib/viewer-parts';

export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  return { page: unwrap(await context.read(linkActions.list, {})) };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  return [{ title: `${t('links.title')} · ${root?.config.siteTitle || 'Sabai'}` }, { name: 'description', content: t('links.description') }];
};

/** The same for every reader: a member's own parts need not run it again. */
export const shouldRevalidate = sharedForEveryReader;
export const handle = SHARED_FOR_EVERY_READER;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function FriendLink({ link }: { link: LinkView }) {
  const t = useT();
  return (
    <li>
      <Card className="flex h-full items-start gap-3 p-4">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-zinc-100 text-lg font-semibold text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" aria-hidden="true">
          {link.logo ? <img src={link.logo} alt="" className="size-full object-contain" loading="lazy" /> : [...link.title][0]?.toUpperCase()}
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">
            <a href={link.url} target="_blank" rel="noopener noreferrer" className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline" aria-label={t('links.visit', { title: link.title })}>
              {link.title}
            </a>
          </h2>
          <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{hostOf(link.url)}</p>
          {link.summary && <p className="mt-1.5 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{link.summary}</p>}
        </div>
      </Card>
    </li>
  );
}

export default function LinksPage() {
  const t = useT();
  const { page: first } = useLoaderData<typeof loader>();
  const [page, setPage] = useState<Page<LinkView>>(first);
  const [loading, setLoading] = useState(false);
  const handleApiError = useApiErrorHandler();
  async function more() {
    setLoading(true);
    try {
      const next = await send(linkActions.list, { cursor: page.cursor });
      setPage({ ...next, results: [...page.results, ...next.results] });
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('links.title')}</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('links.description')}</p>
      {page.results.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid="links-empty">
          {t('links.empty')}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="friend-links">
          {page.results.map((link) => (
            <FriendLink key={link.id} link={link} />
          ))}
        </ul>
      )}
      {page.hasMore && (
        <div className="mt-6 text-center">
          <Button variant="secondary" loading={loading} onClick={() => void more()}>
            {t('links.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
