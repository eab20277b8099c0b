/**
 * Loader helpers of the user-center pages (server only): the signed-in reader, or the sign-in
 * redirect; a refused read as the error page.
 */
import { data, type AppLoadContext } from 'react-router';
import type { SignedInViewer } from '../../../common/load-context';
import type { PageResult } from '../../../common/views/page';
import { requireUser } from '~/lib/auth.server';
import '~/lib/load-context';

export function signedInViewer(context: AppLoadContext, request: Request): SignedInViewer {
  requireUser(context, request);
  const user = context.user;
  // requireUser redirected anonymous visitors already.
  if (!user) throw data(null, { status: 401 });
  return { user, locale: context.locale };
}

/** The value, or the error page with the service's translated message. */
export function unwrapResult<T>(result: PageResult<T>): T {
  if (!result.ok) throw data(result.message, { status: result.status });
  return result.data;
}
