/**
 * The content kinds' pages kept in step with their shared facts (kernel/content-events.ts): a
 * moderator's flag or a status move drops the item's page, its root item's page and the lists.
 * Every other fact's pages are dropped by the feature that owns the fact, from its own commit
 * listener (`dropPages`, kernel/page-tags.ts): this knows no feature.
 */
import type { Feature } from '../kernel/feature';
import { contentPageTags, dropPages } from '../kernel/page-tags';

export const pagesFeature: Feature = {
  name: 'pages',
  setup(ctx) {
    const { events } = ctx;
    events.onCommit('content.flagged', 'pages', ({ head }, app) => dropPages(app, contentPageTags(head)));
    // A post deleted, hidden or held: its old page is not served again, not even during an outage.
    events.onCommit('content.statusChanged', 'pages', ({ head }, app) => dropPages(app, contentPageTags(head), { forget: true }));
  },
};
