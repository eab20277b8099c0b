/**
 * The review queue and the content table (docs/api-additions.md "Review and content"): the
 * contracts of the review feature's actions, for moderators and admins.
 */
import { approveSchema, contentQuery, rejectSchema, restoreSchema, reviewQuery } from '../validation/review';
import type { ContentTableView, ReviewDecisionView, ReviewQueueView } from '../views/review';
import { contract, returns } from './contract';

export const reviewActions = {
  queue: contract({
    name: 'review.queue',
    method: 'GET',
    path: '/api/admin/review/list',
    input: reviewQuery,
    output: returns<ReviewQueueView>(),
    summary: 'The pending posts or comments of a kind, newest first, with why each was held and every kind’s count.',
  }),
  approve: contract({
    name: 'review.approve',
    method: 'POST',
    path: '/api/admin/review/approve',
    input: approveSchema,
    output: returns<ReviewDecisionView>(),
    summary: 'Publishes held items of a kind, all or none.',
  }),
  reject: contract({
    name: 'review.reject',
    method: 'POST',
    path: '/api/admin/review/reject',
    input: rejectSchema,
    output: returns<ReviewDecisionView>(),
    summary: 'Rejects held items of a kind with the reason their authors are told, all or none.',
  }),
  content: contract({
    name: 'review.content',
    method: 'GET',
    path: '/api/admin/content/list',
    input: contentQuery,
    output: returns<ContentTableView>(),
    summary: 'Topics, articles or comments of a status, newest first, searched, a numbered page with the total.',
  }),
  restore: contract({
    name: 'review.restore',
    method: 'POST',
    path: '/api/admin/content/restore',
    input: restoreSchema,
    output: returns<ReviewDecisionView>(),
    summary: 'Publishes a deleted post again.',
  }),
};
