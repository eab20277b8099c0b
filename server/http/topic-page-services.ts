/**
 * The topic pages' slice of the load-context facade (`context.site.topics.*`, DESIGN convention
 * 11): thin calls into the topics, nodes and tags services for page loaders. Failures the pages
 * show (not found, forbidden) come back as values with the message in the reader's language,
 * because route modules run from the SSR bundle and cannot `instanceof` the server's AppError.
 */
import { translator } from '../../common/i18n';
import type * as Pages from '../../common/load-context';
import type { PageResult } from '../../common/views/page';
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { UserRow } from '../db/schema';
import { presentNode } from '../modules/nodes/nodes.presenter';
import { findActiveNode, listNavNodes, listNodes } from '../modules/nodes/nodes.service';
import { presentTag } from '../modules/tags/tags.presenter';
import { findPublicTag } from '../modules/tags/tags.service';
import type { Caller, ViewerContext } from '../kernel/caller';
import { EMPTY_LOCATION } from '../infra/ip-location';
import { tagTopicFeed, topicDetail, topicFeed, topicForEdit, topicHiddenContent } from '../modules/topics/topics.usecases';
import { AppError } from './errors';

/** Who reads the page (the load context's user and locale): the server's full row. */
export type PageViewer = Pages.PageViewer<UserRow>;

// The outcome shape lives in common/views (the pages read it too); named here for the server's imports.
export type { PageResult };

/** `context.site.topics`, declared in common/load-context.ts, over the server's user row. */
export type TopicPageServices = Pages.TopicPageServices<UserRow>;

/** Runs a page read; a refused one (4xx) becomes the status and its message in the reader's language. */
export async function attemptForPage<T>(viewer: PageViewer, run: () => Promise<T>): Promise<PageResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { ok: false, status: error.status, message: String(translator(viewer.locale)(error.messageKey, error.params)) };
    }
    throw error;
  }
}

export function createTopicPageServices(ctx: AppContext): TopicPageServices {
  const context = (viewer: PageViewer): ViewerContext => ({ viewer: viewer.user, locale: viewer.locale, now: ctx.clock.now() });
  const caller = (viewer: PageViewer, visit?: { ip: string; userAgent: string }): Caller => ({
    ...context(viewer),
    origin: { ip: visit?.ip ?? '', userAgent: visit?.userAgent ?? '', location: () => EMPTY_LOCATION },
  });
  const attempt = attemptForPage;

  return {
    // The same use cases as the JSON API (feeds through the shared micro-cache).
    feed: (viewer, params) => attempt(viewer, () => topicFeed(ctx, context(viewer), params)),
    tagFeed: (viewer, params) => attempt(viewer, () => tagTopicFeed(ctx, context(viewer), params)),
    detail: (viewer, id, visit) => attempt(viewer, () => topicDetail(ctx, caller(viewer, visit), id, { countView: visit !== undefined })),
    hiddenContent: (viewer, id) => attempt(viewer, () => topicHiddenContent(ctx, context(viewer), id)),
    forEdit: (viewer, id) => attempt(viewer, () => topicForEdit(ctx, context(viewer), id)),
    nodes: async () => (await listNodes(requireDb(ctx))).map(presentNode),
    navNodes: async () => (await listNavNodes(requireDb(ctx))).map(presentNode),
    node: async (id) => {
      const node = await findActiveNode(requireDb(ctx), id);
      return node ? presentNode(node) : null;
    },
    tag: async (id) => {
      const tag = await findPublicTag(requireDb(ctx), id);
      return tag ? presentTag(tag) : null;
    },
  };
}

/**
 * A page served from the anonymous page cache skips its loader; a kind's page (a topic) still
 * counts its view, by the kind's own rule (one per visitor per window, bots not counted).
 */
export async function countCachedView(ctx: AppContext, url: string, visit: { ip: string; userAgent: string }): Promise<void> {
  if (!ctx.state.installed) return;
  const page = ctx.kinds.byPath(url);
  if (!page?.kind.page?.countView) return;
  await page.kind.page.countView(requireDb(ctx), page.id, { ...visit, dedup: ctx.viewDedup }, ctx.clock.now());
}
