/**
 * Installer step "complete" (spec §2, §8 'Installation complete!'): links to the admin back
 * office and the home page. Plain links (full page loads): the site was not installed when this
 * page loaded, so every loader must run afresh against the new database.
 */
import type { Ref } from 'react';
import { buttonClass } from '~/components/ui/button';
import { useT } from '~/lib/use-t';

/** `headingRef`: the installer focuses the heading on arrival, so screen readers announce it. */
export function CompleteStep({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center py-4 text-center">
      <span
        className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-300"
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7" />
        </svg>
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-zinc-900 focus:outline-none dark:text-zinc-50">
        {t('install.complete.heading')}
      </h2>
      <p className="mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{t('installUi.completeIntro')}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <a href="/admin" className={buttonClass('primary', 'lg')}>
          {t('install.complete.goAdmin')}
        </a>
        <a href="/" className={buttonClass('secondary', 'lg')}>
          {t('install.complete.goHome')}
        </a>
      </div>
    </div>
  );
}
