/**
 * What the cached pages are tagged with, and the one call a feature makes after its commit to
 * drop the pages a fact changed (the page cache itself is http/page-cache.ts's; with Redis the
 * drop reaches every process). A feature's commit listener names the tags of what it changed:
 * an item's page, the lists, a member's pages, or every page.
 */
import type { AppContext } from '../context';
import { pageTag, type ContentHead } from './kinds';

/** Every page: the tag an invalidation uses when it cannot name the pages (a member's new nickname). */
export const ALL_PAGES = '*';
/** The list pages (home, feeds, node and tag pages, profiles): what an item entering or leaving a list changes. */
export const LIST_PAGES = 'lists';

/** The tag of a member's own pages (`/user/{id}`, its tabs, fans and followed). */
export function userPageTag(userId: number): string {
  return `user:${userId}`;
}

/** Tags of the pages that show an item: its own page, its root's page, and the lists. */
export function contentPageTags(head: ContentHead): string[] {
  return [pageTag(head.type, head.id), pageTag(head.root.type, head.root.id), LIST_PAGES];
}

export interface DropOptions {
  /**
   * Forget the pages instead of keeping their last copy for an outage: for a change whose old
   * page must never be shown again (a post deleted or hidden, an author's edit).
   */
  forget?: boolean;
}

/**
 * Drops the pages of `tags`; resolves once every process sharing the cache has been told (a read
 * right after the write sees it). A dropped page keeps its last copy, served only while the
 * database is unreachable (stale-if-error), unless `forget`: for what was taken back (a post
 * deleted, hidden or edited), whose old page must not come back even then.
 */
export function dropPages(ctx: AppContext, tags: readonly string[], options: DropOptions = {}): Promise<void> {
  return ctx.pageCache.invalidate(tags, options);
}

export { pageTag };
