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
import type { Page } from '../modules/topics/cursor';
import { cachedFeedPage } from '../modules/topics/topics.cache';
import { viewDedup } from '../modules/topics/topics.infra';
import type { TopicEditView, TopicView } from '../modules/topics/topics.presenter';
import { countView, topicDetail, topicForEdit, topicHiddenContent, visibleTopic, type HiddenContent, type ViewerContext } from '../modules/topics/topics.service';
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
  const attempt = attemptForPage;

  return {
    // Through the feeds' micro-cache (shared with the JSON API; dropped by every topic write).
    feed: (viewer, params) => attempt(viewer, () => cachedFeedPage(ctx, requireDb(ctx), { kind: 'topics', ...params }, context(viewer))),
    tagFeed: (viewer, params) => attempt(viewer, () => cachedFeedPage(ctx, requireDb(ctx), { kind: 'tag', ...params }, context(viewer))),
    detail: (viewer, id, visit) =>
      attempt(viewer, () => topicDetail(requireDb(ctx), id, context(viewer), visit ? { ...visit, dedup: viewDedup(ctx) } : undefined)),
    hiddenContent: (viewer, id) => attempt(viewer, () => topicHiddenContent(requireDb(ctx), id, viewer.user)),
    forEdit: (viewer, id) => attempt(viewer, () => topicForEdit(requireDb(ctx), id, viewer.user)),
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
 * A topic page served from the anonymous page cache (./page-cache.ts) skips its loader; its view
 * still counts, by the loader's own rule (one per visitor per window, bots not counted).
 */
export async function countCachedTopicView(ctx: AppContext, url: string, visit: { ip: string; userAgent: string }): Promise<void> {
  const match = /^\/topic\/(\d{1,15})(?:[?#]|$)/.exec(url);
  if (!match || !ctx.state.installed) return;
  const db = requireDb(ctx);
  try {
    const row = await visibleTopic(db, Number(match[1]), null);
    await countView(db, row, null, { ...visit, dedup: viewDedup(ctx) }, ctx.clock.now());
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}
