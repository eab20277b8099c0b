/**
 * Layout "ucenter" (spec §2): the user center — scores, messages, favorites. Sign-in required
 * (the layout loader redirects anonymous visitors to sign-in with a way back).
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

function UserCenter({ children }: { children: React.ReactNode }) {
  const t = useT();
  const items = [
    { to: paths.scores, label: t('score.nav.scores') },
    { to: paths.messages, label: t('site.ucenter.messages') },
    { to: paths.favorites, label: t('site.ucenter.favorites') },
  ];
  return (
    <SiteFrame>
      <SectionLayout title={t('site.ucenter.title')} items={items}>
        {children}
      </SectionLayout>
    </SiteFrame>
  );
}

export default function UcenterLayout() {
  return (
    <UserCenter>
      <Outlet />
    </UserCenter>
  );
}

export function ErrorBoundary() {
  return (
    <UserCenter>
      <ErrorPage error={useRouteError()} />
    </UserCenter>
  );
}
