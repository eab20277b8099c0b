/**
 * The offline page `/offline` (issue 27): what the service worker shows in place of any page when
 * the network fails (server/modules/pwa/service-worker.js keeps a copy of it, fetched without
 * cookies in the reader's language). It is never hydrated (`handle.hydrate: false`: root.tsx
 * leaves out the scripts), because the same document stands in for whichever address the reader
 * asked for: hydrating it there would make React Router match that address's routes and fetch
 * their data, with no network. So it works as plain HTML and CSS: "Try again" is a link to the
 * address itself (`href=""`), and the colour mode is the document head's inline script's.
 */
import type { MetaFunction } from 'react-router';
import { DEFAULT_LOCALE } from '../../common/constants';
import { buttonClass } from '~/components/ui/button';
import { Svg } from '~/components/ui/icons';
import { tFor } from '~/lib/i18n';
import { useRootData, type RootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export const handle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  return [{ title: `${t('pwa.offline.title')} · ${root?.config.siteTitle || 'Sabai'}` }, { name: 'robots', content: 'noindex' }];
};

/** A cloud crossed out: no connection (decorative; the heading says it). */
function OfflineIcon() {
  return (
    <Svg className="size-8">
      <path d="M2 2l20 20" />
      <path d="M5.8 8.1A5 5 0 0 0 6.5 18H17" />
      <path d="M9.5 6.3A6 6 0 0 1 17.7 10 4 4 0 0 1 21 15.8" />
    </Svg>
  );
}

export default function Offline() {
  const t = useT();
  const site = useRootData().config.siteTitle || 'Sabai';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <p className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{site}</p>
      <section
        aria-labelledby="offline-heading"
        data-testid="offline-page"
        className="mt-6 w-full max-w-md rounded-xl border border-zinc-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300 mx-auto flex size-16 items-center justify-center rounded-full">
          <OfflineIcon />
        </div>
        <h1 id="offline-heading" className="mt-6 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          {t('pwa.offline.title')}
        </h1>
        <p className="mt-3 text-[0.9375rem] leading-7 text-pretty text-zinc-700 dark:text-zinc-300">{t('pwa.offline.body', { site })}</p>
        <p className="mt-2 text-sm leading-6 text-pretty text-zinc-600 dark:text-zinc-400">{t('pwa.offline.hint')}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {/* The address the reader asked for: the service worker put this page in its place. */}
          <a href="" className={buttonClass('primary', 'lg')} data-testid="offline-retry">
            {t('pwa.offline.retry')}
          </a>
          <a href="/" className={buttonClass('secondary', 'lg')}>
            {t('pwa.offline.home')}
          </a>
        </div>
      </section>
    </div>
  );
}
