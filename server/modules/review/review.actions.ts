/**
 * The review feature's actions (ADR 0021): the review queue and the content table, moderators and
 * admins (`content:moderate`), who may before the body's field errors.
 */
import { reviewActions } from '../../../common/actions/review';
import { contentTableViewSchema, reviewDecisionViewSchema, reviewQueueViewSchema } from '../../../common/views/review';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { approveReview, contentList, rejectReview, restoreContent, reviewList } from './review.usecases';

const DECISION = 'a moderator’s decision on items already written (at most 50 at once), audited; nothing piles up';

export const reviewActionList = [
  readAction(reviewActions.queue, { who: who.staff('content:moderate'), answer: reviewQueueViewSchema, run: reviewList }),
  writeAction(reviewActions.approve, { who: who.staff('content:moderate'), limit: limit.none(DECISION), answer: reviewDecisionViewSchema, run: approveReview }),
  writeAction(reviewActions.reject, { who: who.staff('content:moderate'), limit: limit.none(DECISION), answer: reviewDecisionViewSchema, run: rejectReview }),
  readAction(reviewActions.content, { who: who.staff('content:moderate'), answer: contentTableViewSchema, run: contentList }),
  writeAction(reviewActions.restore, { who: who.staff('content:moderate'), limit: limit.none(DECISION), answer: reviewDecisionViewSchema, run: restoreContent }),
];
