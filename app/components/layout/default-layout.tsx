/** Layout "default" (spec §2): header, page, footer. Errors below it render inside the frame. */
import { Outlet, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';
import { SiteFrame } from './site-frame';

export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <SiteFrame>
      <ErrorPage error={error} />
    </SiteFrame>
  );
}
