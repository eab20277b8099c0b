/**
 * CONTRACT — sign-in-required pages (spec §2, issue 3 item 1).
 *
 *   export async function loader({ context, request }: LoaderFunctionArgs) {
 *     const user = requireUser(context, request); // anonymous → 302 /user/signin?redirect=…
 *     …
 *   }
 *
 * The redirect target is this request's path + query, URI-encoded; the sign-in page sends the
 * visitor back there after signing in (through `safeRedirect` of common/redirect.ts: same-site
 * paths only). `.server.ts`: never bundled for the browser.
 */
import { redirect, type AppLoadContext } from 'react-router';
import type { SessionUser } from '../../common/views/user';
import { signInPath } from './paths';
import './load-context';

/** The presented signed-in user (the server presents it once per request), or null. */
export function currentUser(context: AppLoadContext): SessionUser | null {
  return context.sessionUser;
}

/** The signed-in user; anonymous visitors are redirected to sign-in with a way back. */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  const user = currentUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(signInPath(url.pathname + url.search));
}
