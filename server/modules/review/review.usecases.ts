/**
 * The review queue's and the content table's use cases (issues 16, 17), one function per action
 * (review.actions.ts declares who may call each: moderators and admins). Decisions run inside
 * the action's transaction, all or none.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { reviewActions } from '../../../common/actions/review';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { ContentTableView, ReviewDecisionView, ReviewQueueView } from '../../../common/views/review';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { contentTable } from './review.content';
import { approveItems, rejectItems, restoreItem } from './review.decisions';
import { reviewQueue } from './review.queue';

type Input<K extends keyof typeof reviewActions> = ParsedInputOf<(typeof reviewActions)[K]>;

/** GET admin/review/list: the pending posts of a kind, with the counts of every kind. */
export function reviewList({ db, input }: ReadCall<Input<'queue'>, undefined>): Promise<ReviewQueueView> {
  return reviewQueue(db, input.kind, input.page, ADMIN_PAGE_SIZE);
}

/** POST admin/review/approve: one or several held posts of a kind published, all or none. */
export async function approveReview({ scope, caller, input }: WriteCall<Input<'approve'>, undefined>): Promise<ReviewDecisionView> {
  const ids = await approveItems(scope, memberOf(caller), caller.origin.ip, input.kind, input.ids);
  return { kind: input.kind, ids };
}

/** POST admin/review/reject: one or several held posts of a kind rejected with a reason, all or none. */
export async function rejectReview({ scope, caller, input }: WriteCall<Input<'reject'>, undefined>): Promise<ReviewDecisionView> {
  const ids = await rejectItems(scope, memberOf(caller), caller.origin.ip, input.kind, input.ids, input.reason);
  return { kind: input.kind, ids };
}

/** GET admin/content/list: topics, articles or comments of a status, searched, by page. */
export function contentList({ db, input }: ReadCall<Input<'content'>, undefined>): Promise<ContentTableView> {
  return contentTable(db, input, ADMIN_PAGE_SIZE);
}

/** POST admin/content/restore: a deleted post published again. */
export async function restoreContent({ scope, caller, input }: WriteCall<Input<'restore'>, undefined>): Promise<ReviewDecisionView> {
  await restoreItem(scope, memberOf(caller), caller.origin.ip, input.kind, input.id);
  return { kind: input.kind, ids: [input.id] };
}
