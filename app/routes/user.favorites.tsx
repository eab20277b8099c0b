/**
 * `/user/favorites` (spec §2, ucenter layout, sign-in required): the topics the reader saved,
 * newest first, with "load more" by cursor and a remove button on each.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { accountMeta } from '~/components/account/page-meta';
import { FavoriteList } from '~/components/comment/favorite-list';
import { signedInViewer, unwrapResult } from '~/components/comment/ucenter-data.server';
import { RenderNowProvider } from '~/components/topic/time';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('ucenter.favorites.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const viewer = signedInViewer(context, request);
  const page = unwrapResult(await context.site.interactions.favorites(viewer, {}));
  return { page, now: context.site.now() };
}

export default function FavoritesPage() {
  const t = useT();
  const { page, now } = useLoaderData<typeof loader>();
  return (
    <RenderNowProvider now={now}>
      <div className="space-y-4">
        <header>
          <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('ucenter.favorites.title')}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('ucenter.favorites.description')}</p>
        </header>
        <FavoriteList initial={page} />
      </div>
    </RenderNowProvider>
  );
}
