/**
 * Loader helpers of the back office (server only): the staff reader, refused as the spec's
 * error pages say (signed out → sign-in with a way back, others → 403 'No permission to access'),
 * and a page result as the page's data or its error page.
 */
import { data, type AppLoadContext } from 'react-router';
import type { PageViewer } from '../../../common/load-context';
import type { PageResult } from '../../../common/views/page';
import { translator } from '../../../common/i18n';
import { can } from '../../../common/policies/can';
import { requireUser } from '~/lib/auth.server';
import '~/lib/load-context';

/**
 * The back office's reader: signed out → the sign-in page with a way back, a member who is not
 * staff → 403. The action read next checks its own rule too (an admins-only screen answers a
 * moderator 403 with its message).
 */
export function requireStaff(context: AppLoadContext, request: Request): void {
  const user = requireUser(context, request);
  // No message of its own: the error page's 403 text is the spec's 'No permission to access'.
  if (!can(user, 'admin:access')) throw data(null, { status: 403 });
}

/** As `requireStaff`, answering the reader for the `context.site` reads not yet declared actions (nodes, tags). */
export function staffViewer(context: AppLoadContext, request: Request): PageViewer {
  requireStaff(context, request);
  return { user: context.user, locale: context.locale };
}

export function unwrapAdmin<T>(result: PageResult<T>): T {
  if (!result.ok) throw data(result.message, { status: result.status });
  return result.data;
}

/** `?page=` and the other query fields as the request schemas read them ('' is absent). */
export function queryOf(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (value !== '') out[key] = value;
  return out;
}

/** A refused query (a page number past the end of numbers…) as a 400 page naming the field. */
export function badQuery(context: AppLoadContext, message: string): never {
  throw data(translator(context.locale)(message), { status: 400 });
}
