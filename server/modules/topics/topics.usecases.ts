/**
 * The topic use cases, one function per action (topics.actions.ts declares who may call each, its
 * limit, its guards, its target and its answer): the JSON API and the page loaders run the same
 * ones. Reads answer views; a write runs inside the runner's transaction and is presented after
 * the commit.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { topicActions } from '../../../common/actions/topics';
import type { FollowedPost } from '../../../common/views/follow';
import type { NodeView } from '../../../common/views/node';
import type { TopicRow } from '../../db/schema';
import { publicOrigin } from '../../http/site-address';
import type { ReadCall, Serialized, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { followingFeed } from '../follows/follows.api';
import { nodeViews } from '../nodes/nodes.api';
import { publicFeedAnswer, setCommentRules, writtenRelations } from '../publishing/publishing.api';
import { publicTopicFeed } from './topics.cache';
import { decorateContents } from '../embeds/embeds.api';
import { topicDetail as readTopicDetail, topicHiddenContent, type HiddenContent } from './topics.detail';
import { FEED_FOLLOWED, userTopicCounts, userTopicFeed } from './topics.feeds';
import { deleteTopic as deleteTopicRow, postRef, setTopicFlag } from './topics.moderation';
import { presentTopic, type TopicEditView, type TopicView } from './topics.presenter';
import { createTopic as createTopicRow, editTopic as editTopicRow, topicEditFields, type CreatedTopic } from './topics.writes';

type Input<K extends keyof typeof topicActions> = ParsedInputOf<(typeof topicActions)[K]>;

// ---------------------------------------------------------------------------------------------
// Reads

/** GET topic/node_navs: the active nodes shown in the navigation. */
export function navNodeList({ db }: ReadCall<Input<'navNodes'>, undefined>): Promise<NodeView[]> {
  return nodeViews(db, { navOnly: true });
}

/** GET topic/nodes: every active node, in display order. */
export function nodeList({ db }: ReadCall<Input<'nodes'>, undefined>): Promise<NodeView[]> {
  return nodeViews(db);
}

/**
 * GET topic/topics: a public feed through the cache (the serialized envelope for an anonymous API
 * reader). The followed members' feed (−2) mixes topics and articles: the follows feature's,
 * never cached.
 */
export function topicFeed(call: ReadCall<Input<'feed'>, undefined>): Promise<Page<TopicView | FollowedPost> | Serialized<Page<TopicView>>> {
  const { ctx, caller, input, db } = call;
  if (input.nodeId === FEED_FOLLOWED) return followingFeed(ctx, caller, input);
  return publicFeedAnswer(call, publicTopicFeed(db, { kind: 'topics', ...input }));
}

/** GET topic/tag/topics: a tag's published topics, through the cache as the other public feeds. */
export function tagTopicFeed(call: ReadCall<Input<'tagFeed'>, undefined>): Promise<Page<TopicView> | Serialized<Page<TopicView>>> {
  return publicFeedAnswer(call, publicTopicFeed(call.db, { kind: 'tag', ...call.input }));
}

/** GET topic/user_topics (`type`: posts or tweets alone). */
export function userTopics({ db, input, caller }: ReadCall<Input<'ofUser'>, undefined>): Promise<Page<TopicView>> {
  return userTopicFeed(db, input, caller);
}

/** A member's published posts and tweets, counted apart: their profile's topics and tweets tabs. */
export function userTopicCountsOf({ db, input }: ReadCall<Input<'userCounts'>, undefined>): Promise<{ posts: number; tweets: number }> {
  return userTopicCounts(db, input.userId);
}

/**
 * GET topic/{id}: the topic, its view counted by the post rule (once per visitor per window; bots
 * and callers without a user agent never) — the API's reader and the page's alike.
 */
export async function topicDetail({ db, ctx, input, caller }: ReadCall<Input<'detail'>, undefined>): Promise<TopicView> {
  const visit = { ip: caller.origin.ip, userAgent: caller.origin.userAgent, dedup: ctx.viewDedup };
  const topic = await readTopicDetail(db, input.id, caller, visit);
  // Bare links shown as embeds or cards from the preview cache (ADR 0030); no query without one.
  const [content] = await decorateContents(ctx, db, [topic.content ?? ''], caller.locale);
  return { ...topic, content: content! };
}

/** GET topic/hide_content. */
export function hiddenContent({ db, input, caller }: ReadCall<Input<'hiddenContent'>, undefined>): Promise<HiddenContent> {
  return topicHiddenContent(db, input.topicId, caller.viewer);
}

/** GET topic/edit/{id}: the raw fields, the topic loaded and its rule passed. */
export function topicForEdit({ db, target }: ReadCall<Input<'forEdit'>, TopicRow>): Promise<TopicEditView> {
  return topicEditFields(db, target);
}

// ---------------------------------------------------------------------------------------------
// Writes

/** POST topic/create, inside the transaction: the topic, its counts, tags and facts. */
export function createTopic({ scope, ctx, input, caller, settings }: WriteCall<Input<'create'>, undefined>): Promise<CreatedTopic> {
  const { origin } = caller;
  const meta = { now: caller.now, settings, siteOrigin: publicOrigin(ctx.config), ip: origin.ip, userAgent: origin.userAgent, location: origin.location() };
  return createTopicRow(scope, memberOf(caller), input, meta);
}

/** The new topic as its author sees it, presented from what was written (no query). */
export async function presentCreated({ caller }: ReadCall<Input<'create'>, undefined>, created: CreatedTopic): Promise<TopicView> {
  const relations = { ...writtenRelations(memberOf(caller), created.row.id, created.tags), node: created.node };
  return presentTopic(created.row, relations, { now: caller.now, locale: caller.locale }, true);
}

/** POST topic/edit/{id}, inside the transaction, the topic locked and its rule passed. */
export async function editTopic({ scope, ctx, input, caller, target, settings }: WriteCall<Input<'edit'>, TopicRow>): Promise<void> {
  const { id: _id, ...fields } = input;
  await editTopicRow(scope, target, memberOf(caller), fields, { now: caller.now, settings, siteOrigin: publicOrigin(ctx.config), ip: caller.origin.ip });
}

/** The topic after a write, as the caller now sees it (edit, recommend, sticky). */
export function presentWritten({ db, input, caller }: ReadCall<{ id: number }, TopicRow>): Promise<TopicView> {
  return readTopicDetail(db, input.id, caller);
}

/** POST topic/delete/{id} (soft), inside the transaction, the topic locked and its rule passed. */
export async function deleteTopic({ scope, target, caller }: WriteCall<Input<'delete'>, TopicRow>): Promise<null> {
  await deleteTopicRow(scope, target, actorOf(caller));
  return null;
}

/** POST topic/recommend/{id}: moderators (the declaration's rule), inside the transaction. */
export function recommendTopic({ scope, target, caller, input }: WriteCall<Input<'recommend'>, TopicRow>): Promise<void> {
  return setTopicFlag(scope, target, actorOf(caller), 'recommend', input.recommend);
}

/** POST topic/sticky/{id}: moderators, at most `stickyMax` pinned (409). */
export function stickTopic({ scope, target, caller, input }: WriteCall<Input<'sticky'>, TopicRow>): Promise<void> {
  return setTopicFlag(scope, target, actorOf(caller), 'sticky', input.sticky);
}

/** POST topic/comment_rules/{id}: moderators, inside the transaction (lock and slow mode, issue 28). */
export function setTopicCommentRules({ scope, target, caller, input }: WriteCall<Input<'commentRules'>, TopicRow>): Promise<void> {
  return setCommentRules(scope, postRef(target), { locked: input.locked, slowModeSeconds: input.slowModeSeconds }, actorOf(caller), 'topic.errors.notFound');
}
