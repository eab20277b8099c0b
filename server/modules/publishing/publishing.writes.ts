/**
 * Writing posts (topics, articles) by one set of rules: who may change a post, when a post goes
 * to review, and the order a write records its facts in. Counters are handlers of
 * `content.placementChanged` (users, nodes, tags), recorded BEFORE the row they count is written:
 * on MySQL an insert's foreign-key check takes a shared lock on the author, node and tag rows, and
 * updating their counters afterwards lets two concurrent posts deadlock on the lock upgrade
 * (ADR 0010). Messages, audit rows and caches are handlers of the facts recorded here.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { Actor, CountedKind, Placement, WriteScope } from '../../kernel/events';
import { canSee, type ContentHead } from '../../kernel/kinds';
import { authorize, isModerator } from '../../policy/permissions';
import { findTagIdsOf, linkTags } from '../tags/tags.repository';
import { relinkTags } from '../tags/tags.service';
import { changePostStatus, setPostRecommend, type PostTable } from './publishing.repository';

/** True when any forbidden word appears in the texts (case-insensitive). */
export function containsForbiddenWord(words: readonly string[], ...texts: string[]): boolean {
  const haystack = texts.join('\n').toLowerCase();
  return words.some((word) => {
    const w = word.trim().toLowerCase();
    return w !== '' && haystack.includes(w);
  });
}

/**
 * Whether a member's post waits for a moderator (status pending): every new one when the site
 * reviews that kind (`reviewNew`), and any that carries a forbidden word. Moderators never wait.
 */
export function needsReview(author: UserRow, forbiddenWords: readonly string[], reviewNew: boolean, texts: readonly string[]): boolean {
  if (isModerator(author)) return false;
  return reviewNew || containsForbiddenWord(forbiddenWords, ...texts);
}

/** The author's hand, or a moderator's, in a post's facts. */
export function actorOf(user: UserRow, ip: string): Actor {
  return { id: user.id, moderator: isModerator(user), ip };
}

/**
 * The post an actor may change: 404 when it does not exist or (for all but moderators) is deleted
 * or not visible to them, as the detail answers (a hidden post does not exist); 403 when it is
 * someone else's and the actor is no moderator.
 */
export function editablePost<R extends { status: number; user_id: number }>(row: R | undefined, actor: UserRow, notFoundKey: string): R {
  if (!row) throw errors.notFound(notFoundKey);
  if (!isModerator(actor) && (row.status === CONTENT_STATUS.deleted || !canSee(row, actor))) throw errors.notFound(notFoundKey);
  authorize(actor, 'content:edit', { userId: row.user_id });
  return row;
}

/** A new post: its counts first, then `insert` writes the row, then its tag links. Answers the new id. */
export async function insertPost(scope: WriteScope, kind: CountedKind, placement: Placement, insert: () => Promise<number>): Promise<number> {
  await scope.emit('content.placementChanged', { kind, itemId: null, before: { ...placement, counted: false }, after: placement });
  const id = await insert();
  await linkTags(scope.db, kind, id, placement.tagIds, scope.now);
  return id;
}

/** An edited post moving from one placement to another: its counts first, then `update` writes the row, then its tag links. */
export async function updatePost(scope: WriteScope, kind: CountedKind, id: number, before: Placement, after: Placement, update: () => Promise<void>): Promise<void> {
  await scope.emit('content.placementChanged', { kind, itemId: id, before, after });
  await update();
  await relinkTags(scope.db, kind, id, before.tagIds, after.tagIds, scope.now);
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
 * messages, audit, caches). Answers whether it changed (false: it already had it, or another
 * writer moved it since the row was read: the update is conditional, so that writer counts once).
 */
export async function setPostStatus(scope: WriteScope, post: PostRef, status: number, actor: Actor): Promise<boolean> {
  const { db, now } = scope;
  const { row } = post;
  if (row.status === status) return false;
  if (!(await changePostStatus(db, post.table, row.id, row.status, status, now))) return false;
  const base = { userId: row.user_id, nodeId: post.nodeId, tagIds: await findTagIdsOf(db, post.kind, row.id) };
  await scope.emit('content.placementChanged', {
    kind: post.kind,
    itemId: row.id,
    before: { ...base, counted: row.status === CONTENT_STATUS.published },
    after: { ...base, counted: status === CONTENT_STATUS.published },
  });
  await scope.emit('content.statusChanged', { head: post.head, from: row.status, to: status, actor, text: '' });
  return true;
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
