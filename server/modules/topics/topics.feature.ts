/**
 * Topics and tweets: the topic content kind, the API routes, and the topic feeds' cache kept in
 * step with every fact that moves a topic in or within a feed.
 */
import type { TopicRow } from '../../db/schema';
import type { Feature } from '../../features';
import { dropFeedsOf } from '../../kernel/feed-cache';
import { followBans } from '../publishing/publishing.writes';
import { postRef } from './topics.moderation';
import { topicPages } from './topics.pages';
import { topicKind } from './topics.kind';
import { topicRoutes } from './topics.routes';

export const topicsFeature: Feature = {
  name: 'topics',
  api: topicRoutes,
  pages: topicPages,
  setup(ctx) {
    ctx.kinds.register(topicKind);
    // Feeds list topics by last activity, recommendation and stickiness: these facts move one.
    const dropFeeds = dropFeedsOf(ctx, 'topics', 'topic');
    ctx.events.onCommit('topic.created', 'topics', dropFeeds);
    ctx.events.onCommit('topic.edited', 'topics', dropFeeds);
    // A forever ban may hide the member's topics; lifting it shows them again.
    followBans(ctx, 'topics', 'topics', (row) => postRef(row as TopicRow));
  },
};
