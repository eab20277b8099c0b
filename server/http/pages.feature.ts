/**
 * The anonymous page cache kept in step with the write path: after a commit, the pages a fact
 * changes are dropped — the item's own page (and, for a comment, its item's page) and the lists
 * that show it. Invalidation goes through the page cache's own `invalidate`, which a multi-process
 * deployment shares over the bus.
 */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import type { ContentHead } from '../kernel/kinds';
import { pageTag } from '../kernel/kinds';
import { ALL_PAGES, LIST_PAGES, userPageTag } from './page-cache';

/** Tags of the pages that show an item: its own page, its root's page, and the lists. */
function tagsOf(head: ContentHead): string[] {
  return [pageTag(head.type, head.id), pageTag(head.root.type, head.root.id), LIST_PAGES];
}

/** Resolves once every process sharing the cache has been told (a read right after the write sees it). */
function drop(ctx: AppContext, tags: readonly string[]): Promise<void> {
  return ctx.pageCache.invalidate(tags);
}

export const pagesFeature: Feature = {
  name: 'pages',
  setup(ctx) {
    const { events } = ctx;
    events.onCommit('topic.created', 'pages', (_e, app) => drop(app, [LIST_PAGES]));
    events.onCommit('topic.edited', 'pages', ({ id }, app) => drop(app, [pageTag('topic', id), LIST_PAGES]));
    events.onCommit('article.created', 'pages', (_e, app) => drop(app, [LIST_PAGES]));
    events.onCommit('article.edited', 'pages', ({ id }, app) => drop(app, [pageTag('article', id), LIST_PAGES]));
    events.onCommit('content.flagged', 'pages', ({ head }, app) => drop(app, tagsOf(head)));
    events.onCommit('content.statusChanged', 'pages', ({ head }, app) => drop(app, tagsOf(head)));
    events.onCommit('comment.created', 'pages', ({ item }, app) => drop(app, tagsOf(item)));
    events.onCommit('reaction.changed', 'pages', ({ item }, app) => drop(app, tagsOf(item)));
    // Both members' profiles, lists and fans pages show the counts and lists a follow moves.
    events.onCommit('follow.changed', 'pages', ({ followerId, followedId }, app) => drop(app, [userPageTag(followerId), userPageTag(followedId)]));
    // A member's name and face show on every page they wrote on: no tag names them all.
    events.onCommit('user.profileChanged', 'pages', (_e, app) => drop(app, [ALL_PAGES]));
    // The header (title, logo, nav links, the create menu's modules) is on every page, and a
    // module switched off must not stay readable from the cache.
    events.onCommit('settings.changed', 'pages', (_e, app) => drop(app, [ALL_PAGES]));
    // The back office's site content (issue 17): a node's or tag's name shows on every page with a
    // topic or article; friend links (/links) and notices (the home page) show on list pages only.
    events.onCommit('site.catalogChanged', 'pages', ({ what }, app) => drop(app, what === 'node' || what === 'tag' ? [ALL_PAGES] : [LIST_PAGES]));
  },
};
