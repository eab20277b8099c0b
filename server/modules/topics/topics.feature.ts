/**
 * Topics and tweets: the topic content kind, the actions, and the topic feeds' cache kept in step
 * with every fact that moves a topic in or within a feed.
 */
import type { TopicRow } from '../../db/schema';
import type { Feature } from '../../kernel/feature';
import { dropFeedsOf } from '../../kernel/feed-cache';
import { dropPages, LIST_PAGES, pageTag } from '../../kernel/page-tags';
import { followBans, followErasure } from '../publishing/publishing.api';
import { topicsActionList } from './topics.actions';
import { postRef } from './topics.moderation';
import { topicKind } from './topics.kind';
import { moveTopicsToNode } from './topics.repository';

export const topicsFeature: Feature = {
  name: 'topics',
  actions: topicsActionList,
  setup(ctx) {
    ctx.kinds.register(topicKind);
    // Feeds list topics by last activity, recommendation and stickiness: these facts move one.
    const dropFeeds = dropFeedsOf(ctx, 'topics', 'topic');
    ctx.events.onCommit('topic.created', 'topics', dropFeeds);
    ctx.events.onCommit('topic.edited', 'topics', dropFeeds);
    // A new topic enters the lists; an edited one changes its own page and the lists.
    ctx.events.onCommit('topic.created', 'topics', (_event, app) => dropPages(app, [LIST_PAGES]));
    ctx.events.onCommit('topic.edited', 'topics', ({ id }, app) => dropPages(app, [pageTag('topic', id), LIST_PAGES], { forget: true }));
    // A node being deleted hands its topics on (inside the delete's transaction).
    ctx.events.onWrite('node.topicsMoved', 'topics', ({ from, to }, { db, now }) => moveTopicsToNode(db, from, to, now));
    // Topics show their node's name and their tags: a node or tag edited in the back office moves them.
    ctx.events.onCommit('site.catalogChanged', 'topics', ({ what }, app) => {
      if (what === 'node' || what === 'tag') dropFeeds(null, app);
    });
    // A forever ban may hide the member's topics; lifting it shows them again.
    followBans(ctx, 'topics', 'topics', (row) => postRef(row as TopicRow));
    // An erased member's posts (issue 29): removed or kept as the site's setting says; their IP records cleared.
    followErasure(ctx, 'topics', 'topics', (row) => postRef(row as TopicRow));
  },
};
