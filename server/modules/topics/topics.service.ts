/**
 * Topics and tweets: feeds, detail, create, edit, delete, moderator switches, hidden content.
 * Business rules live here; every function takes `db` (or a transaction) first. Counters (user
 * topic count, node and tag topic counts) count published topics only and move in the same
 * transaction as the status, node or tag change that moves them.
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_LIMITS, TOPIC_TYPES, type ContentType } from '../../../common/constants';
import type { TopicCreateInput, TopicEditInput } from '../../../common/validation/topic';
import type { DB, NodeRow, TopicRow, UserRow } from '../../db/schema';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors, type MessageRef } from '../../http/errors';
import type { DedupStore } from '../../infra/dedup';
import type { IpLocation } from '../../infra/ip-location';
import { authorize, isModerator } from '../../policy/permissions';
import { recordAudit } from '../audit/audit.service';
import { hasVisibleContent, renderContent } from '../content/content.service';
import { notify } from '../messages/messages.service';
import { findDefaultNode, findNodeById, findNodesByIds, bumpNodeTopicCount } from '../nodes/nodes.repository';
import { findActiveNode } from '../nodes/nodes.service';
import type { Settings } from '../settings/settings.schema';
import { bumpTagTopicCounts, findTagIdsOfTopic, findTagsOfTopics, linkTopicTags, unlinkTopicTags } from '../tags/tags.repository';
import { findPublicTag, resolveTags } from '../tags/tags.service';
import { findUserById, findUsersByIds } from '../users/users.repository';
import { decodeIdCursor, decodePairCursor, encodeCursor, type Page } from './cursor';
import { presentTopic, presentTopicForEdit, type PresentContext, type TopicEditView, type TopicView } from './topics.presenter';
import {
  bumpUserTopicCount,
  changeTopicStatus,
  countStickyTopics,
  findTagTopicsPage,
  findTopicById,
  findTopicByIdForUpdate,
  findTopicsPage,
  incrementTopicViews,
  insertTopic,
  updateTopic,
  type FeedFilter,
  type FeedOrder,
  type TopicListRow,
} from './topics.repository';
import type { ViewerContext } from '../../http/request-meta';
import { followedUserIds, hasUserCommented, viewerTopicFlags } from './topics.seams';

export type { ViewerContext };

// ---------------------------------------------------------------------------------------------
// Visibility

/** Published: everyone. Pending: the author and moderators. Deleted: moderators only. */
export function canSeeTopic(row: Pick<TopicRow, 'status' | 'user_id'>, viewer: UserRow | null): boolean {
  if (row.status === CONTENT_STATUS.published) return true;
  if (!viewer) return false;
  if (isModerator(viewer)) return true;
  return row.status === CONTENT_STATUS.pending && row.user_id === viewer.id;
}

/** The topic when this viewer may see it, else 404 (never 403: a hidden topic does not exist). */
export async function visibleTopic(db: Kysely<DB>, id: number, viewer: UserRow | null): Promise<TopicRow> {
  const row = await findTopicById(db, id);
  if (!row || !canSeeTopic(row, viewer)) throw errors.notFound('topic.errors.notFound');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Presenting many topics in a constant number of queries

/** Authors, nodes, tags and the viewer's flags for a whole page: four queries (plus the flag seams). */
export async function assembleTopics(db: Kysely<DB>, rows: ReadonlyArray<TopicListRow | TopicRow>, context: ViewerContext, detail = false): Promise<TopicView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [users, nodes, tags, flags] = await Promise.all([
    findUsersByIds(db, rows.map((r) => r.user_id)),
    findNodesByIds(db, rows.map((r) => r.node_id)),
    findTagsOfTopics(db, ids),
    viewerTopicFlags(db, context.viewer?.id ?? null, ids),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const nodeById = new Map<number, NodeRow>(nodes.map((n) => [n.id, n]));
  const tagsByTopic = new Map<number, Array<{ id: number; name: string }>>();
  for (const tag of tags) {
    const list = tagsByTopic.get(tag.topic_id) ?? [];
    list.push({ id: tag.id, name: tag.name });
    tagsByTopic.set(tag.topic_id, list);
  }
  const present: PresentContext = { now: context.now, locale: context.locale };
  return rows.map((row) =>
    presentTopic(
      row,
      {
        user: userById.get(row.user_id),
        node: nodeById.get(row.node_id),
        tags: tagsByTopic.get(row.id) ?? [],
        liked: flags.liked.has(row.id),
        favorited: flags.favorited.has(row.id),
      },
      present,
      detail,
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Feeds

export const FEED_LATEST = 0;
export const FEED_RECOMMENDED = -1;
export const FEED_FOLLOWED = -2;

const PUBLISHED = [CONTENT_STATUS.published] as const;

/**
 * `limit` rows of a feed after `after`. A feed over several statuses (an author's own topics:
 * published and pending) runs one keyset query per status, each one range of an index that
 * starts with the status, and merges them: one `status IN (…)` query would make the engine
 * read and sort all of that author's topics.
 */
async function feedRows(db: Kysely<DB>, filter: FeedFilter, order: FeedOrder, after: readonly [number, number] | null, limit: number): Promise<TopicListRow[]> {
  if (filter.statuses.length <= 1) return findTopicsPage(db, filter, order, after, limit);
  const parts = await Promise.all(filter.statuses.map((status) => findTopicsPage(db, { ...filter, statuses: [status] }, order, after, limit)));
  return parts
    .flat()
    .sort((a, b) => b[order] - a[order] || b.id - a.id)
    .slice(0, limit);
}

async function keysetPage(
  db: Kysely<DB>,
  filter: FeedFilter,
  order: FeedOrder,
  cursor: string | undefined,
  limit: number,
  sortKey: (row: TopicListRow) => number,
): Promise<Page<TopicListRow>> {
  const rows = await feedRows(db, filter, order, decodePairCursor(cursor), limit + 1);
  const hasMore = rows.length > limit;
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { results, hasMore, cursor: last ? encodeCursor([sortKey(last), last.id]) : '' };
}

/**
 * GET topic/topics: 0 latest by last activity (sticky topics first, on the first page only, and
 * never repeated below), −1 recommended, −2 followed users, >0 one node.
 */
export async function topicFeed(db: Kysely<DB>, params: { nodeId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const { nodeId, cursor } = params;
  let page: Page<TopicListRow>;
  let sticky: TopicListRow[] = [];
  if (nodeId === FEED_LATEST) {
    // Every sticky topic, however many (pinning is capped at stickyMax, see setTopicFlag): one
    // past a limit here would be on no page at all, since later pages skip sticky topics.
    if (!cursor) sticky = await findTopicsPage(db, { statuses: PUBLISHED, sticky: 1 }, 'sticky_time', null, null);
    page = await keysetPage(db, { statuses: PUBLISHED, sticky: 0 }, 'last_comment_time', cursor, limit, (r) => r.last_comment_time);
  } else if (nodeId === FEED_RECOMMENDED) {
    page = await keysetPage(db, { statuses: PUBLISHED, recommend: 1 }, 'recommend_time', cursor, limit, (r) => r.recommend_time);
  } else if (nodeId === FEED_FOLLOWED) {
    decodePairCursor(cursor);
    const followed = context.viewer ? await followedUserIds(db, context.viewer.id) : [];
    page =
      followed.length === 0
        ? { results: [], cursor: '', hasMore: false }
        : await keysetPage(db, { statuses: PUBLISHED, userIds: followed }, 'last_comment_time', cursor, limit, (r) => r.last_comment_time);
  } else if (nodeId > 0) {
    if (!(await findActiveNode(db, nodeId))) throw errors.notFound('topic.errors.nodeNotFound');
    page = await keysetPage(db, { statuses: PUBLISHED, nodeId }, 'last_comment_time', cursor, limit, (r) => r.last_comment_time);
  } else {
    throw errors.validation({ nodeId: 'validation.invalid' });
  }
  const results = await assembleTopics(db, [...sticky, ...page.results], context);
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

/** GET topic/tag/topics: a tag's published topics, newest first. */
export async function tagTopicFeed(db: Kysely<DB>, params: { tagId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  if (!(await findPublicTag(db, params.tagId))) throw errors.notFound('topic.errors.tagNotFound');
  const rows = await findTagTopicsPage(db, params.tagId, decodeIdCursor(params.cursor), limit + 1);
  const hasMore = rows.length > limit;
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { results: await assembleTopics(db, results, context), cursor: last ? encodeCursor([last.id]) : '', hasMore };
}

/** GET topic/user_topics: a user's topics, newest first; the author also sees their pending ones. */
export async function userTopicFeed(db: Kysely<DB>, params: { userId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<TopicView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const user = await findUserById(db, params.userId);
  if (!user || user.status !== 0) throw errors.notFound('topic.errors.userNotFound');
  const own = context.viewer?.id === user.id;
  const statuses = own ? [CONTENT_STATUS.published, CONTENT_STATUS.pending] : PUBLISHED;
  const page = await keysetPage(db, { statuses, userId: user.id }, 'create_time', params.cursor, limit, (r) => r.create_time);
  return { results: await assembleTopics(db, page.results, context), cursor: page.cursor, hasMore: page.hasMore };
}

// ---------------------------------------------------------------------------------------------
// Detail and views

/** One visitor: the signed-in user, else a hash of IP and user agent (no raw IP is kept). */
export function visitorKey(viewer: UserRow | null, ip: string, userAgent: string): string {
  if (viewer) return `u${viewer.id}`;
  return 'a' + createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

export interface VisitInfo {
  ip: string;
  userAgent: string;
  dedup: DedupStore;
}

/**
 * Counts one view per visitor per `viewWindowMs` on a published topic; bots are not counted.
 * Answers whether this request counted.
 */
export async function countView(db: Kysely<DB>, topic: Pick<TopicRow, 'id' | 'status'>, viewer: UserRow | null, visit: VisitInfo, now: number): Promise<boolean> {
  if (topic.status !== CONTENT_STATUS.published) return false;
  if (!visit.userAgent || isbot(visit.userAgent)) return false;
  const key = `topic:${topic.id}:${visitorKey(viewer, visit.ip, visit.userAgent)}`;
  if (!(await visit.dedup.firstSeen(key, TOPIC_LIMITS.viewWindowMs, now))) return false;
  await incrementTopicViews(db, topic.id);
  return true;
}

/** GET topic/{id}: the topic with its sanitized content; counts the view when `visit` is given. */
export async function topicDetail(db: Kysely<DB>, id: number, context: ViewerContext, visit?: VisitInfo): Promise<TopicView> {
  const row = await visibleTopic(db, id, context.viewer);
  if (visit && (await countView(db, row, context.viewer, visit, context.now))) row.view_count += 1;
  const [view] = await assembleTopics(db, [row], context, true);
  return view!;
}

export interface HiddenContent {
  exists: boolean;
  show: boolean;
  /** Sanitized HTML when shown, else ''. */
  content: string;
}

/** Hidden content opens to the author, moderators and anyone who has commented. */
export async function hiddenContentFor(db: Kysely<DB>, row: TopicRow, viewer: UserRow | null): Promise<HiddenContent> {
  const exists = row.hide_content !== '';
  if (!exists) return { exists, show: false, content: '' };
  const show = viewer !== null && (viewer.id === row.user_id || isModerator(viewer) || (await hasUserCommented(db, row.id, viewer.id)));
  return { exists, show, content: show ? row.hide_content_html : '' };
}

export async function topicHiddenContent(db: Kysely<DB>, topicId: number, viewer: UserRow | null): Promise<HiddenContent> {
  return hiddenContentFor(db, await visibleTopic(db, topicId, viewer), viewer);
}

// ---------------------------------------------------------------------------------------------
// Counters

interface CountedState {
  counted: boolean;
  userId: number;
  nodeId: number;
  tagIds: readonly number[];
}

/** Moves the user, node and tag counters from `before` to `after` (each counted when published). */
async function moveCounters(db: Kysely<DB>, before: CountedState, after: CountedState, now: number): Promise<void> {
  const delta = (counted: boolean) => (counted ? 1 : 0);
  if (before.userId === after.userId) await bumpUserTopicCount(db, after.userId, delta(after.counted) - delta(before.counted), now);
  else {
    await bumpUserTopicCount(db, before.userId, -delta(before.counted), now);
    await bumpUserTopicCount(db, after.userId, delta(after.counted), now);
  }
  const nodes = new Map<number, number>();
  nodes.set(before.nodeId, (nodes.get(before.nodeId) ?? 0) - delta(before.counted));
  nodes.set(after.nodeId, (nodes.get(after.nodeId) ?? 0) + delta(after.counted));
  for (const [nodeId, d] of nodes) await bumpNodeTopicCount(db, nodeId, d, now);
  const removed = before.counted ? before.tagIds.filter((id) => !after.counted || !after.tagIds.includes(id)) : [];
  const added = after.counted ? after.tagIds.filter((id) => !before.counted || !before.tagIds.includes(id)) : [];
  await bumpTagTopicCounts(db, removed, -1, now);
  await bumpTagTopicCounts(db, added, 1, now);
}

/**
 * Sets a topic's status, keeping counters in step (delete, and later approve/restore from the
 * admin screens). Run inside a transaction, on a row read with `lockedTopic`/`editableTopic(…,
 * {lock})`. Answers whether the status changed (false: it already had it, or another writer
 * changed it since `row` was read).
 */
export async function setTopicStatus(db: Kysely<DB>, row: TopicRow, status: number, now: number): Promise<boolean> {
  if (row.status === status) return false;
  // Conditional on the status read: a writer that lost a race (its row was stale) moves nothing.
  if (!(await changeTopicStatus(db, row.id, row.status, status, now))) return false;
  const tagIds = await findTagIdsOfTopic(db, row.id);
  const base = { userId: row.user_id, nodeId: row.node_id, tagIds };
  await moveCounters(db, { ...base, counted: row.status === CONTENT_STATUS.published }, { ...base, counted: status === CONTENT_STATUS.published }, now);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface WriteMeta {
  now: number;
  settings: Settings;
  /** PUBLIC_URL's origin, so links to this site stay direct. */
  siteOrigin: string | null;
}

export interface CreateMeta extends WriteMeta {
  ip: string;
  userAgent: string;
  location: IpLocation;
}

interface PreparedTopic {
  node: NodeRow;
  title: string;
  contentType: ContentType;
  content: string;
  contentHtml: string;
  summary: string;
  hideContent: string;
  hideContentHtml: string;
  imageList: string;
  text: string;
  hideText: string;
}

/**
 * The summary is renderContent's (about 200 graphemes); a grapheme may be several code points
 * (flags, emoji sequences), so the stored text is also capped in code points, under the
 * column's 512 characters.
 */
const SUMMARY_STORED_MAX = 500;

/** True when any forbidden word appears in the text (case-insensitive). */
export function containsForbiddenWord(words: readonly string[], ...texts: string[]): boolean {
  const haystack = texts.join('\n').toLowerCase();
  return words.some((word) => {
    const w = word.trim().toLowerCase();
    return w !== '' && haystack.includes(w);
  });
}

/**
 * The node a write goes to: the one asked for (it must be active); else, on an edit, the topic's
 * current node (an API client that leaves `nodeId` out does not move the topic); else the default.
 */
async function chooseNode(db: Kysely<DB>, nodeId: number | undefined, currentNodeId: number | undefined): Promise<NodeRow | undefined> {
  if (nodeId !== undefined) return findActiveNode(db, nodeId);
  if (currentNodeId !== undefined) return findNodeById(db, currentNodeId);
  return findDefaultNode(db);
}

/**
 * Validates what the database must answer (node) and what needs rendering (content), all fields
 * at once. `currentNodeId`: the edited topic's node.
 */
async function prepareTopic(db: Kysely<DB>, type: number, input: TopicEditInput, meta: WriteMeta, currentNodeId?: number): Promise<PreparedTopic> {
  const fields: Record<string, MessageRef> = {};
  const node = await chooseNode(db, input.nodeId, currentNodeId);
  if (!node) fields.nodeId = 'topic.validation.nodeNotFound';

  const isPost = type === TOPIC_TYPES.post;
  const title = isPost ? input.title : '';
  if (isPost && title === '') fields.title = 'topic.validation.titleRequired';

  const contentType: ContentType = input.contentType ?? (isPost ? 'html' : 'text');
  const options = { siteOrigin: meta.siteOrigin };
  const rendered = renderContent(input.content, contentType, options);
  const images = input.imageList;
  const visible = hasVisibleContent(rendered);
  if (isPost ? !visible : !visible && images.length === 0) fields.content = 'topic.validation.contentRequired';

  const hidden = input.hideContent.trim() === '' ? { html: '', text: '' } : renderContent(input.hideContent, contentType, options);
  const hiddenEmpty = !hasVisibleContent(hidden);

  if (Object.keys(fields).length > 0) throw errors.validation(fields);
  return {
    node: node!,
    title,
    contentType,
    content: input.content,
    contentHtml: rendered.html,
    summary: [...rendered.summary].slice(0, SUMMARY_STORED_MAX).join(''),
    hideContent: hiddenEmpty ? '' : input.hideContent,
    hideContentHtml: hiddenEmpty ? '' : hidden.html,
    imageList: JSON.stringify(images.map((image) => ({ url: image.url }))),
    text: rendered.text,
    hideText: hidden.text,
  };
}

function needsReview(author: UserRow, prepared: PreparedTopic, tags: readonly string[], settings: Settings, isNew: boolean): boolean {
  if (isModerator(author)) return false;
  if (isNew && settings.topicReview) return true;
  return containsForbiddenWord(settings.forbiddenWords, prepared.title, prepared.text, prepared.hideText, ...tags);
}

/**
 * POST topic/create, inside the route's transaction. Answers the new topic's id.
 *
 * Write order matters on MySQL: the counters (user, node, tags) are updated BEFORE the topic and
 * its tag links are inserted. An insert's foreign-key check takes a shared lock on the parent
 * row; taking it first and then updating that row's counter lets two concurrent posts by one
 * author (or in one node) deadlock on the lock upgrade. Holding the exclusive lock first, the
 * check is free and concurrent posts simply queue.
 */
export async function createTopic(db: Kysely<DB>, author: UserRow, input: TopicCreateInput, meta: CreateMeta): Promise<number> {
  const prepared = await prepareTopic(db, input.type, input, meta);
  const status = needsReview(author, prepared, input.tags, meta.settings, true) ? CONTENT_STATUS.pending : CONTENT_STATUS.published;
  const tagIds = (await resolveTags(db, input.tags, meta.now)).map((t) => t.id);
  const counted = { counted: status === CONTENT_STATUS.published, userId: author.id, nodeId: prepared.node.id, tagIds };
  await moveCounters(db, { ...counted, counted: false }, counted, meta.now);
  const id = await insertTopic(db, {
    type: input.type,
    node_id: prepared.node.id,
    user_id: author.id,
    title: prepared.title,
    content: prepared.content,
    content_type: prepared.contentType,
    content_html: prepared.contentHtml,
    summary: prepared.summary,
    image_list: prepared.imageList,
    hide_content: prepared.hideContent,
    hide_content_html: prepared.hideContentHtml,
    status,
    sticky: 0,
    sticky_time: 0,
    recommend: 0,
    recommend_time: 0,
    view_count: 0,
    comment_count: 0,
    like_count: 0,
    favorite_count: 0,
    last_comment_time: meta.now,
    last_comment_user_id: null,
    ip: meta.ip.slice(0, 64),
    ip_country: meta.location.country,
    ip_region: meta.location.region.slice(0, 64),
    user_agent: meta.userAgent.slice(0, 255),
    create_time: meta.now,
    update_time: meta.now,
  });
  await linkTopicTags(db, id, tagIds, meta.now);
  return id;
}

/**
 * The topic an actor may change: 404 when it does not exist or (for all but moderators) is
 * deleted or not visible to them, as detail answers (a hidden topic does not exist); 403 when
 * it is someone else's published topic and the actor is no moderator.
 *
 * `lock`: inside a transaction, lock the row (MySQL, PostgreSQL) so a concurrent edit or delete
 * waits and then starts from the status this one leaves, instead of moving counters twice.
 */
export async function editableTopic(db: Kysely<DB>, id: number, actor: UserRow, options: { lock?: boolean } = {}): Promise<TopicRow> {
  const row = options.lock ? await findTopicByIdForUpdate(db, id) : await findTopicById(db, id);
  if (!row) throw errors.notFound('topic.errors.notFound');
  if (!isModerator(actor) && (row.status === CONTENT_STATUS.deleted || !canSeeTopic(row, actor))) throw errors.notFound('topic.errors.notFound');
  authorize(actor, 'content:edit', { userId: row.user_id });
  return row;
}

/** GET topic/edit/{id}. */
export async function topicForEdit(db: Kysely<DB>, id: number, actor: UserRow): Promise<TopicEditView> {
  const row = await editableTopic(db, id, actor);
  const tags = await findTagsOfTopics(db, [row.id]);
  return presentTopicForEdit(
    row,
    tags.map((t) => t.name),
  );
}

/**
 * POST topic/edit/{id}, inside the route's transaction. A member's edit with a forbidden word
 * goes back to review (only authors who are not moderators get this far without being one).
 * Counters move before the rows they count, as in `createTopic`.
 */
export async function editTopic(db: Kysely<DB>, row: TopicRow, actor: UserRow, input: TopicEditInput, meta: WriteMeta): Promise<void> {
  const prepared = await prepareTopic(db, row.type, input, meta, row.node_id);
  const toReview = row.status === CONTENT_STATUS.published && !isModerator(actor) && needsReview(actor, prepared, input.tags, meta.settings, false);
  const status = toReview ? CONTENT_STATUS.pending : row.status;
  const oldTagIds = await findTagIdsOfTopic(db, row.id);
  const newTagIds = (await resolveTags(db, input.tags, meta.now)).map((t) => t.id);
  await moveCounters(
    db,
    { counted: row.status === CONTENT_STATUS.published, userId: row.user_id, nodeId: row.node_id, tagIds: oldTagIds },
    { counted: status === CONTENT_STATUS.published, userId: row.user_id, nodeId: prepared.node.id, tagIds: newTagIds },
    meta.now,
  );
  await updateTopic(db, row.id, {
    node_id: prepared.node.id,
    title: prepared.title,
    content: prepared.content,
    content_type: prepared.contentType,
    content_html: prepared.contentHtml,
    summary: prepared.summary,
    image_list: prepared.imageList,
    hide_content: prepared.hideContent,
    hide_content_html: prepared.hideContentHtml,
    status,
    update_time: meta.now,
  });
  await unlinkTopicTags(
    db,
    row.id,
    oldTagIds.filter((id) => !newTagIds.includes(id)),
  );
  await linkTopicTags(
    db,
    row.id,
    newTagIds.filter((id) => !oldTagIds.includes(id)),
    meta.now,
  );
}

export interface ModerationMeta {
  now: number;
  ip: string;
}

/**
 * POST topic/delete/{id} (soft), inside the route's transaction, on the locked row. A moderator's
 * delete is audited; a delete that changed nothing (already deleted) writes nothing.
 */
export async function deleteTopic(db: Kysely<DB>, row: TopicRow, actor: UserRow, meta: ModerationMeta): Promise<void> {
  if (!(await setTopicStatus(db, row, CONTENT_STATUS.deleted, meta.now))) return;
  if (isModerator(actor)) {
    if (actor.id !== row.user_id) await notify(db, { to: row.user_id, from: null, type: 'deleted', title: row.title || row.summary.slice(0, 80), entity: { type: 'topic', id: row.id }, eventKey: `deleted:topic:${row.id}`, now: meta.now });
    await recordAudit(db, {
      actorId: actor.id,
      action: 'topic.delete',
      targetType: 'topic',
      targetId: row.id,
      detail: { authorId: row.user_id, previousStatus: row.status },
      ip: meta.ip,
      time: meta.now,
    });
  }
}

/**
 * Refuses a new sticky topic once `stickyMax` published ones are pinned (409, field `sticky`):
 * the latest feed shows every sticky topic above its first page, so the cap keeps that block
 * short. Two moderators pinning at the same moment may pass it by one; the feed still shows all.
 */
async function assertStickyRoom(db: Kysely<DB>): Promise<void> {
  if ((await countStickyTopics(db)) < TOPIC_LIMITS.stickyMax) return;
  const message = { key: 'topic.validation.stickyLimit', params: { max: TOPIC_LIMITS.stickyMax } };
  throw new AppError(409, ErrorCode.Conflict, message.key, message.params, { sticky: message });
}

/**
 * POST topic/recommend/{id} and topic/sticky/{id}: moderators only, audited. Asking for the state
 * the topic already has changes nothing (no new time, so a second "recommend" does not push the
 * topic back to the top; no audit row, no message).
 */
export async function setTopicFlag(db: Kysely<DB>, row: TopicRow, actor: UserRow, flag: 'recommend' | 'sticky', on: boolean, meta: ModerationMeta): Promise<void> {
  if (row.status === CONTENT_STATUS.deleted) throw errors.notFound('topic.errors.notFound');
  const value = on ? 1 : 0;
  if (row[flag] === value) return;
  if (flag === 'sticky' && on) await assertStickyRoom(db);
  const time = on ? meta.now : 0;
  if (flag === 'recommend' && on && actor.id !== row.user_id) {
    const title = row.title || row.summary.slice(0, 80);
    await notify(db, { to: row.user_id, from: null, type: 'recommended', title, url: `/topic/${row.id}`, entity: { type: 'topic', id: row.id }, eventKey: `recommended:topic:${row.id}`, now: meta.now });
  }
  if (flag === 'recommend') await updateTopic(db, row.id, { recommend: value, recommend_time: time, update_time: meta.now });
  else await updateTopic(db, row.id, { sticky: value, sticky_time: time, update_time: meta.now });
  await recordAudit(db, {
    actorId: actor.id,
    action: `topic.${flag}`,
    targetType: 'topic',
    targetId: row.id,
    detail: { [flag]: on, authorId: row.user_id },
    ip: meta.ip,
    time: meta.now,
  });
}
