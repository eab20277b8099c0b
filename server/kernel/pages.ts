/**
 * What the core gives the server-rendered pages (DESIGN convention 11, ADR 0011). Page loaders
 * call the same use cases as the JSON routes, through `context.site`: each feature declares the
 * page-facing slice of its use cases (`pages` in server/features.ts), and the composition root
 * assembles the slices once per app (`assemblePages`). Here are the generic parts every slice
 * shares: the page's reader as a use case's caller, and a refused read as a value the error page
 * shows (route modules run from the SSR bundle and cannot `instanceof` the server's AppError).
 */
import type { Locale } from '../../common/constants';
import { translator } from '../../common/i18n';
import type * as Pages from '../../common/load-context';
import type { PageResult } from '../../common/views/page';
import { requireDb, type AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../infra/errors';
import { EMPTY_LOCATION } from '../infra/ip-location';
import type { Caller, ViewerContext } from './caller';

/** Who reads the page (the load context's user and locale): the server's full row. */
export type PageViewer = Pages.PageViewer<UserRow>;

/** The sections of `context.site` (topics, interactions, people), over the server's user row. */
export type PageSections = Pages.PageSections<UserRow>;

/** `context.site` as the server builds it, once per app (server/app.ts). */
export type SiteServices = Pages.SiteServices<UserRow>;

/** What one feature adds to `context.site`: some methods of some sections. */
export type PageSlice = { [S in keyof PageSections]?: Partial<PageSections[S]> };

/** A browser's visit, for view counting: its IP and user agent. */
export interface PageVisit {
  ip: string;
  userAgent: string;
}

/** The page's reader as a read's viewer. */
export function pageViewerContext(ctx: AppContext, viewer: PageViewer): ViewerContext {
  return { viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() };
}

/** The page's reader as a caller; the origin is the visit's (no IP location: pages do not write). */
export function pageCaller(ctx: AppContext, viewer: PageViewer, visit?: PageVisit): Caller {
  return {
    ...pageViewerContext(ctx, viewer),
    origin: { ip: visit?.ip ?? '', userAgent: visit?.userAgent ?? '', location: () => EMPTY_LOCATION },
  };
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

/** As `attemptForLocale`, in the page reader's language. */
export function attemptForPage<T>(viewer: PageViewer, run: () => Promise<T>): Promise<PageResult<T>> {
  return attemptForLocale(viewer.locale, run);
}

/**
 * A read use case `(ctx, viewer, …args)` as a page method `(pageViewer, …args)`: the page's reader
 * as its viewer, a refused read as the page's error value.
 */
export function pageRead<A extends unknown[], T>(ctx: AppContext, read: (ctx: AppContext, viewer: ViewerContext, ...args: A) => Promise<T>) {
  return (viewer: PageViewer, ...args: A): Promise<PageResult<T>> => attemptForPage(viewer, () => read(ctx, pageViewerContext(ctx, viewer), ...args));
}

/**
 * Every method of `context.site`'s sections, checked complete against common/load-context.ts by
 * the compiler: `assemblePages` refuses to start without each one, or with one given twice.
 */
const PAGE_METHODS = {
  interactions: { favorites: true, messages: true, unreadCount: true, notificationSettings: true },
  topics: { feed: true, tagFeed: true, detail: true, hiddenContent: true, forEdit: true, nodes: true, navNodes: true, node: true, tag: true },
  people: { profile: true, topics: true, topicCounts: true, fans: true, followed: true, followingFeed: true, suggestions: true },
  articles: { feed: true, tagFeed: true, userArticles: true, detail: true, forEdit: true, tags: true, latest: true },
  scores: { summary: true, logs: true, rank: true, checkinRank: true },
  search: { topics: true, articles: true, users: true, articlesOn: true },
  adminSite: { nodes: true, tags: true },
} as const satisfies { [S in keyof PageSections]: Record<keyof PageSections[S], true> };

/** The features' slices as `context.site`'s sections: each method from exactly one feature. */
export function assemblePages(slices: readonly { name: string; slice: PageSlice }[]): PageSections {
  const sections: Record<string, Record<string, unknown>> = {};
  const owners = new Map<string, string>();
  for (const { name, slice } of slices) {
    for (const [section, methods] of Object.entries(slice)) {
      for (const [method, fn] of Object.entries(methods ?? {})) {
        const key = `site.${section}.${method}`;
        if (!(section in PAGE_METHODS) || !(method in PAGE_METHODS[section as keyof PageSections])) throw new Error(`${name} declares ${key}, which common/load-context.ts does not`);
        const owner = owners.get(key);
        if (owner) throw new Error(`${key} is declared by both ${owner} and ${name}`);
        owners.set(key, name);
        (sections[section] ??= {})[method] = fn;
      }
    }
  }
  for (const [section, methods] of Object.entries(PAGE_METHODS)) {
    for (const method of Object.keys(methods)) if (!owners.has(`site.${section}.${method}`)) throw new Error(`no feature declares site.${section}.${method}`);
  }
  return sections as unknown as PageSections;
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
