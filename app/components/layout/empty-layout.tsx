/** Layout "empty" (spec §2): no header, no footer — the installer. */
import { Outlet, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

export default function EmptyLayout() {
  return (
    <main id="main" className="min-h-dvh">
      <Outlet />
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="min-h-dvh">
      <ErrorPage error={useRouteError()} />
    </main>
  );
}
