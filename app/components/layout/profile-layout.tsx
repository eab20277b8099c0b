/**
 * Layout "profile" (spec §2): the settings pages (edit profile, membership, account;
 * membership is still to come).
 * Sign-in required: the layout loader redirects anonymous visitors to sign-in (child loaders
 * should still call requireUser for the user they need).
 */
import { Outlet, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { requireUser } from '~/lib/auth.server';
import { paths } from '~/lib/paths';
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
  const items = [
    // Membership (/user/profile/member) has no page yet: no tab rather than a tab to a 404, as
    // the ucenter layout does for scores. (The header's user menu keeps its item: spec §2.)
    { to: paths.editProfile, label: t('site.profileNav.profile') },
    { to: paths.account, label: t('site.profileNav.account') },
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
