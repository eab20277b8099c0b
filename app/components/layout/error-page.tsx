/**
 * Error pages (spec §2): 404 'Page not found', 403 'No permission to access', any other status
 * '<status> Exception'; a carried message wins; always a way back home.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, Link } from 'react-router';
import { isChunkLoadError, reloadForStaleBuild } from '~/lib/stale-reload';
import { useT } from '~/lib/use-t';

export interface ErrorDetails {
  status: number;
  /** A message carried by the error (thrown `data('…', {status})`), if any. */
  message: string | null;
}

/** Only messages we chose to throw are shown; raw exceptions stay private (they may leak internals). */
export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    let message: string | null = null;
    if (typeof data === 'string' && data.trim() && !/^Error: No route matches URL/.test(data)) message = data;
    else if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
      message = (data as { message: string }).message;
    }
    return { status: error.status, message };
  }
  return { status: 500, message: null };
}

export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const { status, message } = errorDetails(error);
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) reloadForStaleBuild();
  }, [chunkError]);

  const heading = status === 404 ? t('site.error.notFound') : status === 403 ? t('site.error.forbidden') : t('site.error.exception', { status });
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" aria-labelledby="error-heading">
      <p className="text-brand-700 dark:text-brand-300 text-6xl font-bold tracking-tight tabular-nums" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-heading" className="mt-4 text-2xl font-semibold text-zinc-900 dark:text-zinc-100">
        {heading}
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{chunkError ? t('site.error.reloading') : (message ?? t('site.error.title'))}</p>
      <Link to="/" className="bg-brand-700 hover:bg-brand-800 mt-8 inline-flex h-10 items-center rounded-md px-5 text-sm font-medium text-white shadow-sm">
        {t('site.error.backHome')}
      </Link>
    </section>
  );
}
