/**
 * Layout "profile" (spec §2): the settings pages (edit profile, membership, account,
 * notifications; the membership tab shows while VIP is on).
 * Sign-in required: the layout loader redirects anonymous visitors to sign-in (child loaders
 * should still call requireUser for the user they need).
 */
import { Outlet, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { requireUser } from '~/lib/auth.server';
import { paths } from '~/lib/paths';
import { useSiteConfig } from '~/lib/session';
import { NewMemberNotice } from '~/components/safety/new-member-notice';
import { ErrorPage } from './error-page';
import { SectionLayout } from './section-layout';
import { SiteFrame } from './site-frame';
import { useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request);
  return null;
}

function ProfileSection({ children }: { children: React.ReactNode }) {
  const t = useT();
  const vipEnabled = useSiteConfig().vip.enabled;
  const items = [
    { to: paths.editProfile, label: t('site.profileNav.profile') },
    // Membership only while the site sells VIP (as the header's user menu).
    ...(vipEnabled ? [{ to: paths.membership, label: t('site.header.membership') }] : []),
    { to: paths.account, label: t('site.profileNav.account') },
    { to: paths.security, label: t('security.tab') },
    { to: paths.sessions, label: t('sessions.title') },
    { to: paths.connections, label: t('signInProviders.connections.title') },
    { to: paths.notificationSettings, label: t('site.profileNav.notifications') },
    { to: paths.blockedMembers, label: t('safety.blocks.title') },
    { to: paths.accountData, label: t('accountData.page.tab') },
  ];
  return (
    <SiteFrame>
      <SectionLayout title={t('site.profileNav.title')} items={items}>
        {children}
      </SectionLayout>
    </SiteFrame>
  );
}

export default function ProfileLayout() {
  return (
    <ProfileSection>
      {/* A new member's limits (issue 28), on each of their settings pages. */}
      <NewMemberNotice className="mb-5" />
      <Outlet />
    </ProfileSection>
  );
}

export function ErrorBoundary() {
  return (
    <ProfileSection>
      <ErrorPage error={useRouteError()} />
    </ProfileSection>
  );
}
