/**
 * The topic use cases: one function per action, `(ctx, caller, input) → view`, throwing the
 * typed errors (AppError). The JSON routes (topics.routes.ts) and the page loaders call these
 * same functions, so a rule lives in one place whichever door a request comes through.
 */
import { TOPIC_TYPES } from '../../../common/constants';
import { recommendSchema, stickySchema, topicEditSchema, type TopicCreateInput, type TopicEditInput } from '../../../common/validation/topic';
import { parseInput } from '../../kernel/input';
import { requireDb, type AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { withAllowance } from '../../kernel/allowance';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { runWrite } from '../../kernel/write';
import { publicOrigin } from '../../http/site-address';
import { authorize, requireVerifiedWriter, requireWriter } from '../../policy/permissions';
import type { Settings } from '../settings/settings.api';
import { writtenRelations } from '../publishing/publishing.api';
import { cachedTopicFeedPage } from './topics.cache';
import { hiddenContentFor, topicDetail as readTopicDetail, type HiddenContent } from './topics.detail';
import { userTopicCounts, userTopicFeed } from './topics.feeds';
import { deleteTopic as deleteTopicRow, setTopicFlag } from './topics.moderation';
import { presentTopic, type TopicEditView, type TopicView } from './topics.presenter';
import { visibleTopic } from './topics.read';
import { createTopic as createTopicRow, editableTopic, editTopic as editTopicRow, topicForEdit as readTopicForEdit } from './topics.writes';

const VERIFY_MESSAGE = 'topic.errors.verifyEmail';

/** The module flag of a topic type: a disabled type is refused with 403. */
export function assertTypeEnabled(settings: Settings, type: number): void {
  if (type === TOPIC_TYPES.tweet && !settings.modules.tweet) throw errors.forbidden('topic.errors.tweetDisabled');
  if (type === TOPIC_TYPES.post && !settings.modules.topic) throw errors.forbidden('topic.errors.topicDisabled');
}

function viewerOf(caller: Caller | ViewerContext): ViewerContext {
  return { viewer: caller.viewer, locale: caller.locale, now: caller.now };
}

// ---------------------------------------------------------------------------------------------
// Reads

/** GET topic/topics (through the feeds' micro-cache). */
export function topicFeed(ctx: AppContext, caller: ViewerContext, params: { nodeId: number; cursor?: string }): Promise<Page<TopicView>> {
  return cachedTopicFeedPage(ctx, requireDb(ctx), { kind: 'topics', ...params }, viewerOf(caller));
}

/** GET topic/tag/topics (through the feeds' micro-cache). */
export function tagTopicFeed(ctx: AppContext, caller: ViewerContext, params: { tagId: number; cursor?: string }): Promise<Page<TopicView>> {
  return cachedTopicFeedPage(ctx, requireDb(ctx), { kind: 'tag', ...params }, viewerOf(caller));
}

/** GET topic/user_topics (`type`: posts or tweets alone). */
export function userTopics(ctx: AppContext, caller: ViewerContext, params: { userId: number; cursor?: string; type?: number }): Promise<Page<TopicView>> {
  return userTopicFeed(requireDb(ctx), params, viewerOf(caller));
}

/** A member's published posts and tweets, counted apart: their profile's topics and tweets tabs. */
export function userTopicCountsOf(ctx: AppContext, _caller: ViewerContext, userId: number): Promise<{ posts: number; tweets: number }> {
  return userTopicCounts(requireDb(ctx), userId);
}

/** GET topic/{id}; counts the view when `countView` (the caller is a browser reading the page). */
export function topicDetail(ctx: AppContext, caller: Caller, id: number, options: { countView: boolean }): Promise<TopicView> {
  const visit = options.countView ? { ip: caller.origin.ip, userAgent: caller.origin.userAgent, dedup: ctx.viewDedup } : undefined;
  return readTopicDetail(requireDb(ctx), id, viewerOf(caller), visit);
}

/** GET topic/hide_content. */
export async function topicHiddenContent(ctx: AppContext, caller: ViewerContext, topicId: number): Promise<HiddenContent> {
  const db = requireDb(ctx);
  return hiddenContentFor(db, await visibleTopic(db, topicId, caller.viewer), caller.viewer);
}

/** GET topic/edit/{id}: the raw fields, for the author or a moderator. */
export function topicForEdit(ctx: AppContext, caller: ViewerContext, id: number): Promise<TopicEditView> {
  const user: UserRow | null = caller.viewer;
  requireWriter(user, caller.now);
  return readTopicForEdit(requireDb(ctx), id, user);
}

// ---------------------------------------------------------------------------------------------
// Writes

/** POST topic/create: the new topic as its author sees it (presented from what was written, not re-read). */
export async function createTopic(ctx: AppContext, caller: Caller, input: TopicCreateInput): Promise<TopicView> {
  const user: UserRow | null = caller.viewer;
  requireVerifiedWriter(user, caller.now, VERIFY_MESSAGE);
  const db = requireDb(ctx);
  const settings = await ctx.settings.get(db);
  assertTypeEnabled(settings, input.type);
  const allowance = { family: 'topic', limits: settings.postLimits, refundOn: [400] };
  const created = await withAllowance(ctx, allowance, user, caller.origin.ip, () =>
    runWrite(
      ctx,
      (scope) =>
        createTopicRow(scope, user, input, {
          now: caller.now,
          settings,
          siteOrigin: publicOrigin(ctx.config),
          ip: caller.origin.ip,
          userAgent: caller.origin.userAgent,
          location: caller.origin.location(),
        }),
      { now: caller.now },
    ),
  );
  const relations = { ...writtenRelations(user, created.row.id, created.tags), node: created.node };
  return presentTopic(created.row, relations, { now: caller.now, locale: caller.locale }, true);
}

/** POST topic/edit/{id}. */
export async function editTopic(ctx: AppContext, caller: Caller, id: number, body: unknown): Promise<TopicView> {
  const user: UserRow | null = caller.viewer;
  requireVerifiedWriter(user, caller.now, VERIFY_MESSAGE);
  const db = requireDb(ctx);
  const row = await editableTopic(db, id, user);
  const input: TopicEditInput = parseInput(topicEditSchema, body);
  const settings = await ctx.settings.get(db);
  await runWrite(
    ctx,
    async (scope) => {
      // Re-read and lock inside the transaction: a concurrent delete or edit waits, so the
      // counters move from the status this edit really starts from.
      const current = await editableTopic(scope.db, row.id, user, { lock: true });
      await editTopicRow(scope, current, user, input, { now: caller.now, settings, siteOrigin: publicOrigin(ctx.config), ip: caller.origin.ip });
    },
    { now: caller.now },
  );
  return readTopicDetail(db, id, viewerOf(caller));
}

/** POST topic/delete/{id} (soft): the author, or a moderator. */
export async function deleteTopic(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const user: UserRow | null = caller.viewer;
  requireWriter(user, caller.now);
  const row = await editableTopic(requireDb(ctx), id, user);
  authorize(user, 'content:delete', { userId: row.user_id });
  await runWrite(
    ctx,
    async (scope) => deleteTopicRow(scope, await editableTopic(scope.db, row.id, user, { lock: true }), user, { now: caller.now, ip: caller.origin.ip }),
    { now: caller.now },
  );
}

/** POST topic/recommend/{id} and topic/sticky/{id}: moderators only. */
export async function flagTopic(ctx: AppContext, caller: Caller, id: number, flag: 'recommend' | 'sticky', body: unknown): Promise<TopicView> {
  const user: UserRow | null = caller.viewer;
  requireWriter(user, caller.now);
  authorize(user, 'content:moderate');
  const on = flag === 'recommend' ? parseInput(recommendSchema, body).recommend : parseInput(stickySchema, body).sticky;
  await runWrite(
    ctx,
    async (scope) => setTopicFlag(scope, await editableTopic(scope.db, id, user, { lock: true }), user, flag, on, { now: caller.now, ip: caller.origin.ip }),
    { now: caller.now },
  );
  return readTopicDetail(requireDb(ctx), id, viewerOf(caller));
}
