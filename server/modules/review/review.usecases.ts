/**
 * The review queue's and the content table's use cases (issues 16, 17), shared by the JSON
 * routes (/api/admin/review/…, /api/admin/content/…) and the back-office pages: who may (moderators
 * and admins), then the write through `runWrite` or the read.
 */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { ApproveInput, ContentQuery, RejectInput, RestoreInput, ReviewQuery } from '../../../common/validation/review';
import type { ContentTableView, ReviewDecisionView, ReviewQueueView } from '../../../common/views/review';
import { requireDb, type AppContext } from '../../context';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { contentTable } from './review.content';
import { approveItems, rejectItems, restoreItem } from './review.decisions';
import { reviewQueue } from './review.queue';

/** GET admin/review/list: the pending posts of a kind, with the counts of every kind. */
export async function reviewList(ctx: AppContext, viewer: ViewerContext, query: ReviewQuery): Promise<ReviewQueueView> {
  authorize(viewer.viewer, 'content:moderate');
  return reviewQueue(requireDb(ctx), query.kind, query.page, ADMIN_PAGE_SIZE);
}

/** POST admin/review/approve: one or several held posts of a kind published, all or none. */
export async function approveReview(ctx: AppContext, caller: Caller, input: ApproveInput): Promise<ReviewDecisionView> {
  const moderator = caller.viewer;
  authorize(moderator, 'content:moderate');
  const ids = await runWrite(ctx, (scope) => approveItems(scope, moderator, caller.origin.ip, input.kind, input.ids));
  return { kind: input.kind, ids };
}

/** POST admin/review/reject: one or several held posts of a kind rejected with a reason, all or none. */
export async function rejectReview(ctx: AppContext, caller: Caller, input: RejectInput): Promise<ReviewDecisionView> {
  const moderator = caller.viewer;
  authorize(moderator, 'content:moderate');
  const ids = await runWrite(ctx, (scope) => rejectItems(scope, moderator, caller.origin.ip, input.kind, input.ids, input.reason));
  return { kind: input.kind, ids };
}

/** GET admin/content/list: topics, articles or comments of a status, searched, by page. */
export async function contentList(ctx: AppContext, viewer: ViewerContext, query: ContentQuery): Promise<ContentTableView> {
  authorize(viewer.viewer, 'content:moderate');
  return contentTable(requireDb(ctx), query, ADMIN_PAGE_SIZE);
}

/** POST admin/content/restore: a deleted post published again. */
export async function restoreContent(ctx: AppContext, caller: Caller, input: RestoreInput): Promise<ReviewDecisionView> {
  const moderator = caller.viewer;
  authorize(moderator, 'content:moderate');
  await runWrite(ctx, (scope) => restoreItem(scope, moderator, caller.origin.ip, input.kind, input.id));
  return { kind: input.kind, ids: [input.id] };
}
