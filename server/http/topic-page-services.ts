/**
 * The topic pages' slice of the load-context facade (`context.site.topics.*`, DESIGN convention
 * 11): thin calls into the topics, nodes and tags services for page loaders. Failures the pages
 * show (not found, forbidden) come back as values with the message in the reader's language,
 * because route modules run from the SSR bundle and cannot `instanceof` the server's AppError.
 */
import type { Locale } from '../../common/constants';
import { translator } from '../../common/i18n';
import type { AppContext } from '../context';
import { requireDb } from '../context';
import type { UserRow } from '../db/schema';
import { presentNode, type NodeView } from '../modules/nodes/nodes.presenter';
import { findActiveNode, listNavNodes, listNodes } from '../modules/nodes/nodes.service';
import { presentTag, type TagView } from '../modules/tags/tags.presenter';
import { findPublicTag } from '../modules/tags/tags.service';
import type { Caller, ViewerContext } from '../kernel/caller';
import { EMPTY_LOCATION } from '../infra/ip-location';
import type { Page } from '../kernel/paging';
import type { HiddenContent } from '../modules/topics/topics.detail';
import type { TopicEditView, TopicView } from '../modules/topics/topics.presenter';
import { tagTopicFeed, topicDetail, topicFeed, topicForEdit, topicHiddenContent } from '../modules/topics/topics.usecases';
import { AppError } from './errors';

/** Who reads the page (the load context's user and locale). */
export interface PageViewer {
  user: UserRow | null;
  locale: Locale;
}

/** A page-visible outcome: the value, or the status and the translated message to show. */
export type PageResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export interface TopicPageServices {
  /** GET topic/topics: 0 latest (sticky first), −1 recommended, −2 followed users, >0 one node. */
  feed(viewer: PageViewer, params: { nodeId: number; cursor?: string }): Promise<PageResult<Page<TopicView>>>;
  tagFeed(viewer: PageViewer, params: { tagId: number; cursor?: string }): Promise<PageResult<Page<TopicView>>>;
  /** GET topic/{id}; counts the view when `visit` is given (the browser's IP and user agent). */
  detail(viewer: PageViewer, id: number, visit?: { ip: string; userAgent: string }): Promise<PageResult<TopicView>>;
  hiddenContent(viewer: PageViewer, id: number): Promise<PageResult<HiddenContent>>;
  /** GET topic/edit/{id}: the raw fields, for the author or a moderator. */
  forEdit(viewer: PageViewer & { user: UserRow }, id: number): Promise<PageResult<TopicEditView>>;
  nodes(): Promise<NodeView[]>;
  navNodes(): Promise<NodeView[]>;
  node(id: number): Promise<NodeView | null>;
  tag(id: number): Promise<TagView | null>;
}

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
