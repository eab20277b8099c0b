/**
 * Writing posts (topics, articles) by one set of rules: who may change a post, when a post goes
 * to review, and the order a write records its facts in. Counters are handlers of
 * `content.placementChanged` (users, nodes, tags), recorded BEFORE the row they count is written:
 * on MySQL an insert's foreign-key check takes a shared lock on the author, node and tag rows, and
 * updating their counters afterwards lets two concurrent posts deadlock on the lock upgrade
 * (ADR 0010). Messages, audit rows and caches are handlers of the facts recorded here.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { TagRef } from '../../../common/views/tag';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { postedFrom } from '../../kernel/caller';
import type { Actor, DomainEventMap, WriteScope } from '../../kernel/events';
import type { CountedKind } from '../../kernel/content-events';
import { canSee, type ContentHead } from '../../kernel/kinds';
import { can } from '../../../common/policies/can';
import { wordsThatHold } from '../words/words.api';
import { newMemberRules } from '../trust/trust.api';
import { isModerator } from '../../policy/permissions';
import { relinkTags, resolveTags, tagIdsOf } from '../tags/tags.api';
import { changePostStatus, clearPostOrigins, findCommentRules, lockPostsOfUser, setPostRecommend, updateCommentRules, type CommentRules, type PostTable } from './publishing.repository';

/** Why a post waits for a moderator (stored by the review feature, shown in its queue). */
export type HoldFor = Pick<DomainEventMap['content.held'], 'reason' | 'words'>;

/**
 * Whether a member's post waits for a moderator (status pending), and why: any that carries a
 * forbidden word (a 'refuse' word throws, naming its field), and every new one when the site
 * reviews that kind (`reviewNew`). Moderators and admins never wait. Null: it is published.
 */
export async function holdFor(scope: WriteScope, author: UserRow, reviewNew: boolean, fields: Readonly<Record<string, string>>): Promise<HoldFor | null> {
  if (can(author, 'content:postUnverified')) return null;
  // Screened even when the site reviews every post: a 'refuse' word still refuses.
  const words = await wordsThatHold(scope, author, fields);
  if (words !== null) return { reason: 'forbiddenWord', words };
  return reviewNew ? { reason: 'reviewSetting', words: [] } : null;
}

/** A new member's first posts wait for a moderator (trust levels, issue 28). */
const NEW_MEMBER_HOLD: HoldFor = { reason: 'newMember', words: [] };

/** The fields a post is screened in: its texts, and its tags as one more. */
function screenedFields(post: PostWrite): Record<string, string> {
  return { ...post.texts, tags: post.tags.join('\n') };
}

/** The author's hand, or a moderator's, in a post's facts. */
export function actorOf(user: UserRow, ip: string): Actor {
  return { id: user.id, moderator: isModerator(user), ip };
}

/**
 * The post as an editor may reach it: 404 when it does not exist or (for all but moderators) is
 * deleted or not visible to them, as the detail answers (a hidden post does not exist). Whether
 * they may change it (its owner or a moderator: 403 otherwise) is the action's target rule
 * (`content:edit`, `content:delete`), judged on what this answers.
 */
export function postForEditor<R extends { status: number; user_id: number }>(row: R | undefined, actor: UserRow, notFoundKey: string): R {
  if (!row) throw errors.notFound(notFoundKey);
  if (!isModerator(actor) && (row.status === CONTENT_STATUS.deleted || !canSee(row, actor))) throw errors.notFound(notFoundKey);
  return row;
}

/** Where a new post came from and when (its IP, user agent and location are kept on the row). */
export type PostOrigin = Parameters<typeof postedFrom>[0];

/** The columns every new post starts with: nothing counted yet, its last activity its creation. */
function freshPost(author: UserRow, status: number, origin: PostOrigin) {
  return {
    user_id: author.id,
    status,
    recommend: 0,
    recommend_time: 0,
    view_count: 0,
    comment_count: 0,
    like_count: 0,
    favorite_count: 0,
    last_comment_time: origin.now,
    last_comment_user_id: null,
    comments_locked: 0,
    slow_mode_seconds: 0,
    ...postedFrom(origin),
  };
}

export type FreshPost = ReturnType<typeof freshPost>;

/** What the post rules need to know of a new post or an edit. */
export interface PostWrite {
  kind: CountedKind;
  /** The author (a new post) or the editor. */
  actor: UserRow;
  /** The texts screened for forbidden words, by field (title, content, summary…); the tags count too. */
  texts: Readonly<Record<string, string>>;
  tags: readonly string[];
  /** Links and images in the post (a new member's are capped: trust levels, issue 28). */
  links?: number;
}

/**
 * POST …/create, inside the write: the status (published, or pending review: every new post when
 * the site reviews the kind, any with a forbidden word), the tags (created on first use), then
 * the counts, the row (`insert`, given the columns of the kind and the fresh ones) and the tag
 * links. Answers the written row, so the answer is presented without reading it back.
 */
export async function createPost<V extends object>(
  scope: WriteScope,
  post: PostWrite & { reviewNew: boolean; origin: PostOrigin; nodeId?: number },
  values: V,
  insert: (row: V & FreshPost) => Promise<number>,
): Promise<{ row: V & FreshPost & { id: number }; tags: TagRef[] }> {
  // A new member (trust level 0): too many links refused, their first posts held for review.
  const trust = await newMemberRules(scope, post.actor, { links: post.links ?? 0, field: 'content', isNew: true });
  const hold = (await holdFor(scope, post.actor, post.reviewNew, screenedFields(post))) ?? (trust.hold ? NEW_MEMBER_HOLD : null);
  const status = hold ? CONTENT_STATUS.pending : CONTENT_STATUS.published;
  const tags = await resolveTags(scope.db, post.tags, scope.now);
  const placement = { counted: status === CONTENT_STATUS.published, userId: post.actor.id, nodeId: post.nodeId, tagIds: tags.map((t) => t.id) };
  await scope.emit('content.placementChanged', { kind: post.kind, itemId: null, before: { ...placement, counted: false }, after: placement });
  const row = { ...values, ...freshPost(post.actor, status, post.origin) };
  const id = await insert(row);
  await relinkTags(scope.db, post.kind, id, [], placement.tagIds, scope.now);
  if (hold) await scope.emit('content.held', { kind: post.kind, id, userId: post.actor.id, ...hold });
  return { row: { ...row, id }, tags: tags.map((t) => ({ id: t.id, name: t.name })) };
}

/**
 * POST …/edit/{id}, inside the write, on the row read locked: a member's edit of a published post
 * that now carries a forbidden word goes back to review; then the counts move, `update` writes
 * the row with the status it keeps or gets, and the tag links follow. Answers that status.
 */
export async function editPost(
  scope: WriteScope,
  post: PostWrite & { row: { id: number; status: number; user_id: number }; nodes?: readonly [before: number, after: number] },
  update: (status: number) => Promise<void>,
): Promise<number> {
  const { db, now } = scope;
  const { row } = post;
  await newMemberRules(scope, post.actor, { links: post.links ?? 0, field: 'content', isNew: false });
  // Screened whatever the status: a 'refuse' word refuses the edit of a pending post too.
  const found = await holdFor(scope, post.actor, false, screenedFields(post));
  const hold = row.status === CONTENT_STATUS.published ? found : null;
  const toReview = hold !== null;
  const status = toReview ? CONTENT_STATUS.pending : row.status;
  const before = { counted: row.status === CONTENT_STATUS.published, userId: row.user_id, nodeId: post.nodes?.[0], tagIds: await tagIdsOf(db, post.kind, row.id) };
  const after = { counted: status === CONTENT_STATUS.published, userId: row.user_id, nodeId: post.nodes?.[1], tagIds: (await resolveTags(db, post.tags, now)).map((t) => t.id) };
  await scope.emit('content.placementChanged', { kind: post.kind, itemId: row.id, before, after });
  await update(status);
  await relinkTags(db, post.kind, row.id, before.tagIds, after.tagIds, now);
  if (hold) await scope.emit('content.held', { kind: post.kind, id: row.id, userId: row.user_id, ...hold });
  return status;
}

/** A post whose status or flags move: its kind, table, row (read locked), head, and node (topics). */
export interface PostRef {
  kind: CountedKind;
  table: PostTable;
  row: { id: number; status: number; user_id: number };
  head: ContentHead;
  nodeId?: number;
}

/**
 * Sets a post's status, keeping counters in step and telling the rest (`content.statusChanged`:
 * messages, audit, search, scores, caches); `review` marks a review-queue decision (its reason). Answers whether it changed (false: it already had it, or another
 * writer moved it since the row was read: the update is conditional, so that writer counts once).
 */
export async function setPostStatus(scope: WriteScope, post: PostRef, status: number, actor: Actor, review?: { reason: string }): Promise<boolean> {
  const { db, now } = scope;
  const { row } = post;
  if (row.status === status) return false;
  if (!(await changePostStatus(db, post.table, row.id, row.status, status, now))) return false;
  const base = { userId: row.user_id, nodeId: post.nodeId, tagIds: await tagIdsOf(db, post.kind, row.id) };
  await scope.emit('content.placementChanged', {
    kind: post.kind,
    itemId: row.id,
    before: { ...base, counted: row.status === CONTENT_STATUS.published },
    after: { ...base, counted: status === CONTENT_STATUS.published },
  });
  await scope.emit('content.statusChanged', { head: post.head, from: row.status, to: status, actor, text: '', ...(review ? { review } : {}) });
  return true;
}

/**
 * Moves every post of a member in status `from` to `to`, one by one through `setPostStatus` (so
 * counts, scores, the search index, feeds and pages follow each): a forever ban that hides the
 * member's content (published → hidden), and the unban that shows exactly those again (hidden →
 * published; what the member deleted stays deleted). Answers how many moved.
 */
export async function moveMemberPosts(
  scope: WriteScope,
  table: PostTable,
  userId: number,
  from: number,
  to: number,
  refOf: (row: Awaited<ReturnType<typeof lockPostsOfUser>>[number]) => PostRef,
  actor: Actor,
): Promise<number> {
  let moved = 0;
  for (const row of await lockPostsOfUser(scope.db, table, userId, from)) if (await setPostStatus(scope, refOf(row), to, actor)) moved++;
  return moved;
}

/**
 * The handlers a post kind registers so a forever ban that hides content hides its posts, and
 * lifting it (or a new ban without hiding) shows them again.
 */
export function followBans(ctx: AppContext, feature: string, table: PostTable, refOf: Parameters<typeof moveMemberPosts>[5]): void {
  const { hidden, published } = CONTENT_STATUS;
  ctx.events.onWrite('user.banned', feature, async ({ user, hideContent, actor }, scope) => {
    await (hideContent ? moveMemberPosts(scope, table, user.id, published, hidden, refOf, actor) : moveMemberPosts(scope, table, user.id, hidden, published, refOf, actor));
  });
  ctx.events.onWrite('user.unbanned', feature, async ({ user, actor }, scope) => {
    await moveMemberPosts(scope, table, user.id, hidden, published, refOf, actor);
  });
}

/**
 * The handler a post kind registers so an erased member's posts follow the site's setting (issue
 * 29, ADR 0039): with `remove`, each published, hidden or waiting post deleted through
 * `setPostStatus` (counts, scores, search, feeds and pages follow); either way, where each was
 * written from (IP address, its place, the browser) is cleared.
 */
export function followErasure(ctx: AppContext, feature: string, table: PostTable, refOf: Parameters<typeof moveMemberPosts>[5]): void {
  ctx.events.onWrite('user.erased', feature, async ({ userId, content }, scope) => {
    if (content === 'remove') {
      const actor = { id: userId, moderator: false, ip: '' };
      for (const from of [CONTENT_STATUS.published, CONTENT_STATUS.hidden, CONTENT_STATUS.pending]) await moveMemberPosts(scope, table, userId, from, CONTENT_STATUS.deleted, refOf, actor);
    }
    await clearPostOrigins(scope.db, table, userId);
  });
}

/**
 * A moderator's recommend switch. Asking for the state the post already has changes nothing (no
 * new time, so a second "recommend" does not push it back to the top; no audit row, no message).
 */
export async function recommendPost(scope: WriteScope, post: PostRef & { recommended: boolean }, on: boolean, actor: Actor, notFoundKey: string): Promise<void> {
  if (post.row.status === CONTENT_STATUS.deleted) throw errors.notFound(notFoundKey);
  if (post.recommended === on) return;
  await setPostRecommend(scope.db, post.table, post.row.id, on, scope.now);
  await scope.emit('content.flagged', { head: post.head, flag: 'recommend', on, actor });
}

/**
 * A moderator's comment rules on a post (issue 28): the lock (no new comments) and slow mode (one
 * comment per member every N seconds). Each switch that really changed is one `content.flagged`
 * (audited; the item's page and feeds dropped, so a cached page shows the lock at once); asking for
 * the rules the post already has writes nothing.
 */
export async function setCommentRules(scope: WriteScope, post: PostRef, rules: CommentRules, actor: Actor, notFoundKey: string): Promise<void> {
  if (post.row.status === CONTENT_STATUS.deleted) throw errors.notFound(notFoundKey);
  const before = await findCommentRules(scope.db, post.table, post.row.id);
  if (!before) throw errors.notFound(notFoundKey);
  if (before.locked === rules.locked && before.slowModeSeconds === rules.slowModeSeconds) return;
  await updateCommentRules(scope.db, post.table, post.row.id, rules);
  if (before.locked !== rules.locked) await scope.emit('content.flagged', { head: post.head, flag: 'locked', on: rules.locked, actor });
  if (before.slowModeSeconds !== rules.slowModeSeconds) {
    await scope.emit('content.flagged', { head: post.head, flag: 'slowMode', on: rules.slowModeSeconds > 0, actor, seconds: rules.slowModeSeconds });
  }
}
