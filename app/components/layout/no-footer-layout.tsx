/** Layout "no-footer" (spec §2): header and page only — editors want the whole height. */
import { Outlet, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';
import { SiteFrame } from './site-frame';

export default function NoFooterLayout() {
  return (
    <SiteFrame footer={false}>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return (
    <SiteFrame footer={false}>
      <ErrorPage error={useRouteError()} />
    </SiteFrame>
  );
}
