/**
 * What the core gives the server-rendered pages (DESIGN convention 11, ADR 0021): loaders read
 * declared actions through `context.read` (kernel/action-registry.ts), and a refused read comes
 * back as a value the error page shows (route modules run from the SSR bundle and cannot
 * `instanceof` the server's AppError). `context.site` holds only the site's own reads.
 */
import type { Locale } from '../../common/constants';
import { translator } from '../../common/i18n';
import type * as Pages from '../../common/load-context';
import type { PageResult } from '../../common/views/page';
import { requireDb, type AppContext } from '../context';
import { AppError } from '../infra/errors';

/** `context.site` as the server builds it, once per app (server/app.ts). */
export type SiteServices = Pages.SiteServices;

/** A browser's visit, for view counting: its IP and user agent. */
export interface PageVisit {
  ip: string;
  userAgent: string;
}

/** Runs a page read; a refused one (4xx) becomes the status and its message in the reader's language. */
export async function attemptForLocale<T>(locale: Locale, run: () => Promise<T>): Promise<PageResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { ok: false, status: error.status, message: String(translator(locale)(error.messageKey, error.params)) };
    }
    throw error;
  }
}

/**
 * A page served from the anonymous page cache skips its loader; a kind's page (a topic) still
 * counts its view, by the kind's own rule (one per visitor per window, bots not counted).
 */
export async function countCachedView(ctx: AppContext, url: string, visit: PageVisit): Promise<void> {
  if (!ctx.state.installed) return;
  const page = ctx.kinds.byPath(url);
  if (!page?.kind.page?.countView) return;
  await page.kind.page.countView(requireDb(ctx), page.id, { ...visit, dedup: ctx.viewDedup }, ctx.clock.now());
}
