/**
 * Request schemas of the review queue and the content table (issues 16, 17). Offset pages as
 * every back-office table (common/validation/moderation.ts).
 */
import { z } from '../zod';
import { BAN_REASON_MAX } from '../policy';
import { CONTENT_KINDS, CONTENT_STATUS_NAMES, POST_KINDS, REVIEW_KINDS } from '../views/review';
import { idField } from './fields';
import { adminPageField } from './moderation';

/** Items one bulk decision may name (a page of the queue and a little more). */
export const REVIEW_BULK_MAX = 50;
/** The reason a rejection tells the author, at most (as a ban's). */
export const REJECT_REASON_MAX = BAN_REASON_MAX;
/** The content table's title search, at most. */
export const CONTENT_SEARCH_MAX = 64;

const reviewKind = z.enum(REVIEW_KINDS, { error: 'validation.invalid' });

export const reviewQuery = z.object({ page: adminPageField, kind: reviewKind.default('topic') });
export type ReviewQuery = z.infer<typeof reviewQuery>;

/** A form may send `ids` once or repeated; JSON sends an array. */
const idsField = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined ? value : [value]),
  z
    .array(idField, { error: 'adminReview.validation.ids' })
    .min(1, 'adminReview.validation.ids')
    .max(REVIEW_BULK_MAX, 'adminReview.validation.idsMax')
    .transform((ids) => [...new Set(ids)]),
);

export const approveSchema = z.object({ kind: reviewKind, ids: idsField });
export type ApproveInput = z.infer<typeof approveSchema>;

export const rejectSchema = approveSchema.extend({
  reason: z
    .string({ error: 'adminReview.validation.reasonRequired' })
    .trim()
    .min(1, 'adminReview.validation.reasonRequired')
    .max(REJECT_REASON_MAX, 'adminReview.validation.reasonTooLong'),
});
export type RejectInput = z.infer<typeof rejectSchema>;

export const contentQuery = z.object({
  page: adminPageField,
  kind: z.enum(CONTENT_KINDS, { error: 'validation.invalid' }).default('topic'),
  status: z.enum(CONTENT_STATUS_NAMES, { error: 'validation.invalid' }).default('published'),
  q: z.string({ error: 'validation.invalid' }).trim().max(CONTENT_SEARCH_MAX, 'adminContent.validation.searchTooLong').default(''),
});
export type ContentQuery = z.infer<typeof contentQuery>;

/** Restore is for posts: a deleted comment stays deleted. */
export const restoreSchema = z.object({ kind: z.enum(POST_KINDS, { error: 'validation.invalid' }), id: idField });
export type RestoreInput = z.infer<typeof restoreSchema>;
