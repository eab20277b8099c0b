/** The page frame shared by the layouts: skip link, header, the unverified member's reminder, main landmark, optional footer. */
import type { ReactNode } from 'react';
import { serverRenderedPart } from '~/lib/server-rendered-part';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { BanNotice } from '../moderation/ban-notice';
import { useOptionalRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

// Member-only parts, each a chunk of its own loaded only when the member has one to show: with
// their action contracts they bring zod and Radix's dialog, which an anonymous page never needs
// (ADR 0034). The server renders them in place all the same, and the browser loads their code
// before it hydrates (app/lib/server-rendered-part.tsx).
const VerifyEmailBanner = serverRenderedPart('verify-banner', () => import('~/components/account/verify-banner').then((m) => m.VerifyEmailBanner));
const WarningDialog = serverRenderedPart('warning-dialog', () => import('../safety/warning-dialog').then((m) => m.WarningDialog));

export function SiteFrame({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  const root = useOptionalRootData();
  const user = root?.user;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {user?.email && !user.emailVerified && (
        <VerifyEmailBanner />
      )}
      <BanNotice />
      {root?.warning && (
        <WarningDialog />
      )}
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
