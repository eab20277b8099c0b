/**
 * Review (issues 16, 17): the review queue (pending posts, why each was held, approve or reject
 * one or many) and the back office's content table (by status, restore). It owns
 * `review_holds`, written by its handler of `content.held`; its decisions move posts by the
 * publishing core, whose `content.statusChanged` carries the rest (counts, search, scores, the
 * author's message, the audit row, caches).
 */
import type { Feature } from '../../kernel/feature';
import { recordHold } from './review.holds';
import { reviewActionList } from './review.actions';

export const reviewFeature: Feature = {
  name: 'review',
  actions: reviewActionList,
  setup(ctx) {
    ctx.events.onWrite('content.held', 'review', (held, { db, now }) => recordHold(db, held, now));
  },
};
