/** The page frame shared by the layouts: skip link, header, the unverified member's reminder, main landmark, optional footer. */
import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { VerifyEmailBanner } from '~/components/account/verify-banner';
import { BanNotice } from '../moderation/ban-notice';
import { WarningDialog } from '../safety/warning-dialog';
import { useT } from '~/lib/use-t';

export function SiteFrame({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <VerifyEmailBanner />
      <BanNotice />
      <WarningDialog />
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer && <SiteFooter />}
    </div>
  );
}

/** Keyboard users jump past the header straight to the page. */
function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[300] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-zinc-900"
    >
      {t('site.skipToContent')}
    </a>
  );
}
