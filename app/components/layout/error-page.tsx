/**
 * Error pages (spec §2): 404 'Page not found', 403 'No permission to access', any other status
 * '<status> Exception'; below it the carried message, else what that status means for the reader
 * (moved or mistyped, no access, wait, our fault); always a way back home, and "try again" where
 * a second try may work. The heading is the page title too.
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

/**
 * The heading (spec §2: 404 'Page not found', 403 'No permission to access', else '<status>
 * Exception'), also the page's <title> (root.tsx `meta`).
 */
export function errorHeading(status: number, t: (key: string, params?: Record<string, unknown>) => string): string {
  if (status === 404) return t('site.error.notFound');
  if (status === 403) return t('site.error.forbidden');
  return t('site.error.exception', { status });
}

/** What each status tells the reader to do, when the error carries no message of its own. */
const HELP: Record<number, string> = {
  400: 'site.error.help.badRequest',
  401: 'site.error.help.forbidden',
  403: 'site.error.help.forbidden',
  404: 'site.error.help.notFound',
  410: 'site.error.help.notFound',
  429: 'site.error.help.tooMany',
  500: 'site.error.help.server',
  502: 'site.error.help.unavailable',
  503: 'site.error.help.unavailable',
  504: 'site.error.help.unavailable',
};

export function errorHelpKey(status: number): string {
  return HELP[status] ?? (status >= 500 ? 'site.error.help.server' : 'site.error.title');
}

/** A server-side failure may pass: trying again is worth offering (a 4xx would fail the same way). */
function retryable(status: number): boolean {
  return status >= 500 || status === 429;
}

export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const { status, message } = errorDetails(error);
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) reloadForStaleBuild();
  }, [chunkError]);

  const heading = errorHeading(status, t);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center" aria-labelledby="error-heading" data-testid="error-page">
      <p className="text-brand-700 dark:text-brand-300 text-6xl font-bold tracking-tight tabular-nums" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-heading" className="mt-4 text-2xl font-semibold text-zinc-900 dark:text-zinc-100">
        {heading}
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400" data-testid="error-help">
        {chunkError ? t('site.error.reloading') : (message ?? t(errorHelpKey(status)))}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="bg-brand-700 hover:bg-brand-800 inline-flex h-10 items-center rounded-md px-5 text-sm font-medium text-white shadow-sm">
          {t('site.error.backHome')}
        </Link>
        {retryable(status) && !chunkError && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-10 items-center rounded-md border border-zinc-300 bg-white px-5 text-sm font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            {t('site.error.retry')}
          </button>
        )}
      </div>
    </section>
  );
}
