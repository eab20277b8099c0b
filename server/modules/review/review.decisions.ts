/**
 * The review queue's decisions and the content table's restore, inside one write: each item is
 * read locked and moved by its feature — a post by the publishing core (`setPostStatus`), a
 * comment by the comments feature (`approveHeldComment`, `rejectHeldComment`) — so counts, the
 * search index, scores, feeds and pages follow by the handlers of `content.statusChanged` (and,
 * for an approved comment, of `comment.countsMoved` and `comment.created`), as do the author's
 * message and the audit row (messages.feature.ts, audit.feature.ts: `moderationMove`).
 * Only a pending item can be approved or rejected and only a deleted post restored; any other
 * refuses the whole decision with a 409 naming the item, and nothing is written. A held comment
 * whose post (or the comment it replies to) is no longer published can only be rejected.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { PostKind, ReviewKind } from '../../../common/views/review';
import type { CommentRow, UserRow } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { ErrorCode } from '../../../common/errors';
import type { WriteScope } from '../../kernel/events';
import { approveHeldComment, lockedComment, rejectHeldComment } from '../comments/comments.api';
import { lockedPostRef } from '../publishing/publishing.api';
import { actorOf, setPostStatus, type PostRef } from '../publishing/publishing.api';

const NOT_FOUND: Record<ReviewKind, string> = { topic: 'topic.errors.notFound', article: 'article.errors.notFound', comment: 'comment.errors.notFound' };

/** The state an item is in when a move from another was asked: the 409's words. */
const STATE_KEYS: Record<number, string> = {
  [CONTENT_STATUS.published]: 'published',
  [CONTENT_STATUS.deleted]: 'deleted',
  [CONTENT_STATUS.pending]: 'pending',
  [CONTENT_STATUS.hidden]: 'hidden',
};

function wrongState(kind: ReviewKind, id: number, status: number, expected: number): AppError {
  const state = STATE_KEYS[status] ?? 'pending';
  const verb = expected === CONTENT_STATUS.pending ? 'notPending' : 'notDeleted';
  return new AppError(409, ErrorCode.Conflict, `adminReview.errors.${verb}.${kind}.${state}`, { id });
}

async function itemIn(scope: WriteScope, kind: PostKind, id: number, expected: number): Promise<PostRef> {
  const post = await lockedPostRef(scope, kind, id);
  if (!post) throw new AppError(404, ErrorCode.NotFound, NOT_FOUND[kind]);
  if (post.row.status !== expected) throw wrongState(kind, id, post.row.status, expected);
  return post;
}

async function heldComment(scope: WriteScope, id: number): Promise<CommentRow> {
  const row = await lockedComment(scope.db, id);
  if (!row) throw new AppError(404, ErrorCode.NotFound, NOT_FOUND.comment);
  if (row.status !== CONTENT_STATUS.pending) throw wrongState('comment', id, row.status, CONTENT_STATUS.pending);
  return row;
}

/** Ids in ascending order: concurrent decisions lock rows in one order (no deadlock). */
function inLockOrder(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Publishes held items; the authors are told (`approved`). */
export async function approveItems(scope: WriteScope, moderator: UserRow, ip: string, kind: ReviewKind, ids: readonly number[]): Promise<number[]> {
  const actor = actorOf(moderator, ip);
  for (const id of inLockOrder(ids)) {
    if (kind === 'comment') {
      if (!(await approveHeldComment(scope, await heldComment(scope, id), actor))) throw new AppError(409, ErrorCode.Conflict, 'adminReview.errors.commentOrphaned', { id });
    } else await setPostStatus(scope, await itemIn(scope, kind, id, CONTENT_STATUS.pending), CONTENT_STATUS.published, actor, { reason: '' });
  }
  return inLockOrder(ids);
}

/** Rejects held items (they become deleted); the authors are told why (`rejected`, with the reason). */
export async function rejectItems(scope: WriteScope, moderator: UserRow, ip: string, kind: ReviewKind, ids: readonly number[], reason: string): Promise<number[]> {
  const actor = actorOf(moderator, ip);
  for (const id of inLockOrder(ids)) {
    if (kind === 'comment') await rejectHeldComment(scope, await heldComment(scope, id), actor, reason);
    else await setPostStatus(scope, await itemIn(scope, kind, id, CONTENT_STATUS.pending), CONTENT_STATUS.deleted, actor, { reason });
  }
  return inLockOrder(ids);
}

/** Puts a deleted post back (published); its author is told (`restored`). */
export async function restoreItem(scope: WriteScope, moderator: UserRow, ip: string, kind: PostKind, id: number): Promise<void> {
  await setPostStatus(scope, await itemIn(scope, kind, id, CONTENT_STATUS.deleted), CONTENT_STATUS.published, actorOf(moderator, ip));
}
