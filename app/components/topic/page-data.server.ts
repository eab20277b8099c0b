/**
 * Loader helpers of the topic pages (server only). They read `context.site.topics` (DESIGN
 * convention 11) and turn a refused read into the error page with the service's own message.
 */
import { data, type AppLoadContext } from 'react-router';
import type { PageViewer } from '../../../common/load-context';
import type { PageResult } from '../../../common/views/page';
import '~/lib/load-context';

export function viewerOf(context: AppLoadContext): PageViewer {
  return { user: context.user, locale: context.locale };
}

/** The value, or the error page (404/403…) showing the translated message. */
export function unwrap<T>(result: PageResult<T>): T {
  if (!result.ok) throw data(result.message, { status: result.status });
  return result.data;
}

/** A positive integer path id, or the 404 page. */
export function pathId(value: string | undefined, notFound: string): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw data(notFound, { status: 404 });
  return id;
}

/** The site's origin for canonical and og:url links: the configured address, never the request's Host. */
export function originOf(context: AppLoadContext): string {
  return context.site.origin();
}
