/**
 * Topics and tweets (API.md "Topics, tweets, nodes, tags"): the contracts of the topics feature's
 * actions — the feeds, one topic, its hidden content and edit fields, the writes, and the node
 * lists the topic pages and forms show. `topic.userCounts` has no route: only the profile's tabs
 * read it.
 */
import { z } from '../zod';
import { tagFeedQuery, idField } from '../validation/fields';
import { commentRulesSchema, hideContentQuery, recommendSchema, stickySchema, topicCreateSchema, topicEditSchema, topicFeedQuery, userTopicCountsQuery, userTopicsQuery } from '../validation/topic';
import type { FollowedPost } from '../views/follow';
import type { NodeView } from '../views/node';
import type { Page } from '../views/page';
import type { HiddenContent, TopicEditView, TopicView } from '../views/topic';
import { contract, returns } from './contract';

const topicId = z.object({ id: idField });

export const topicActions = {
  navNodes: contract({
    name: 'topic.navNodes',
    method: 'GET',
    path: '/api/topic/node_navs',
    input: z.object({}),
    output: returns<NodeView[]>(),
    summary: 'The active nodes shown in the navigation, in display order.',
  }),
  nodes: contract({
    name: 'topic.nodes',
    method: 'GET',
    path: '/api/topic/nodes',
    input: z.object({}),
    output: returns<NodeView[]>(),
    summary: 'Every active node, in display order.',
  }),
  feed: contract({
    name: 'topic.feed',
    method: 'GET',
    path: '/api/topic/topics',
    input: topicFeedQuery,
    // nodeId −2 (the followed members' feed) mixes in their articles, each entry naming its kind.
    output: returns<Page<TopicView | FollowedPost>>(),
    summary: 'A topic feed: 0 latest (sticky topics first on the first page), −1 recommended, −2 followed members (topics and articles), >0 one node.',
  }),
  tagFeed: contract({
    name: 'topic.tagFeed',
    method: 'GET',
    path: '/api/topic/tag/topics',
    input: tagFeedQuery,
    output: returns<Page<TopicView>>(),
    summary: "A tag's published topics, newest first.",
  }),
  ofUser: contract({
    name: 'topic.ofUser',
    method: 'GET',
    path: '/api/topic/user_topics',
    input: userTopicsQuery,
    output: returns<Page<TopicView>>(),
    summary: "A member's topics, newest first (their own pending ones too); `type` 0 posts alone, 1 tweets alone.",
  }),
  userCounts: contract({
    name: 'topic.userCounts',
    method: null,
    path: null,
    input: userTopicCountsQuery,
    output: returns<{ posts: number; tweets: number }>(),
    summary: "A member's published posts and tweets, counted apart (their profile's tabs).",
  }),
  hiddenContent: contract({
    name: 'topic.hiddenContent',
    method: 'GET',
    path: '/api/topic/hide_content',
    input: hideContentQuery,
    output: returns<HiddenContent>(),
    summary: "A topic's hidden content for this reader: shown to its author, moderators and whoever commented on it.",
  }),
  detail: contract({
    name: 'topic.detail',
    method: 'GET',
    path: '/api/topic/:id',
    input: topicId,
    output: returns<TopicView>(),
    summary: 'One topic with its sanitized content; counts one view per visitor per window.',
    notFound: 'topic.errors.notFound',
  }),
  create: contract({
    name: 'topic.create',
    method: 'POST',
    path: '/api/topic/create',
    input: topicCreateSchema,
    output: returns<TopicView>(),
    summary: 'Posts a topic or a tweet.',
  }),
  forEdit: contract({
    name: 'topic.forEdit',
    method: 'GET',
    path: '/api/topic/edit/:id',
    input: topicId,
    output: returns<TopicEditView>(),
    summary: "A topic's raw editable fields, for its author or a moderator.",
    notFound: 'topic.errors.notFound',
  }),
  edit: contract({
    name: 'topic.edit',
    method: 'POST',
    path: '/api/topic/edit/:id',
    input: topicEditSchema.extend(topicId.shape),
    output: returns<TopicView>(),
    summary: 'Edits a topic (its author or a moderator); the type stays.',
    notFound: 'topic.errors.notFound',
  }),
  delete: contract({
    name: 'topic.delete',
    method: 'POST',
    path: '/api/topic/delete/:id',
    input: topicId,
    output: returns<null>(),
    summary: 'Deletes a topic (soft: its author or a moderator).',
    notFound: 'topic.errors.notFound',
  }),
  recommend: contract({
    name: 'topic.recommend',
    method: 'POST',
    path: '/api/topic/recommend/:id',
    input: recommendSchema.extend(topicId.shape),
    output: returns<TopicView>(),
    summary: 'Recommends a topic or takes the recommendation back (moderators).',
    notFound: 'topic.errors.notFound',
  }),
  sticky: contract({
    name: 'topic.sticky',
    method: 'POST',
    path: '/api/topic/sticky/:id',
    input: stickySchema.extend(topicId.shape),
    output: returns<TopicView>(),
    summary: 'Pins a topic above the latest feed or unpins it (moderators; at most `stickyMax` pinned).',
    notFound: 'topic.errors.notFound',
  }),
  commentRules: contract({
    name: 'topic.commentRules',
    method: 'POST',
    path: '/api/topic/comment_rules/:id',
    input: commentRulesSchema.extend(topicId.shape),
    output: returns<TopicView>(),
    summary: 'Locks a topic (no new comments) or unlocks it, and sets slow mode: one comment per member every N seconds, 0 = off (moderators; audited).',
    notFound: 'topic.errors.notFound',
  }),
};
