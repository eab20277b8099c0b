/**
 * What the review queue (`/admin/review`) and the content table (`/admin/content`) read
 * (issues 16, 17). Both page by offset with a total (common/views/moderation.ts `OffsetPage`).
 */
import { z } from '../zod';
import { memberRefSchema, offsetPageOf } from './moderation';

/**
 * What can wait for review: posts (the site reviews new ones of a kind, or a forbidden word held
 * them) and comments (held only by a forbidden word).
 */
export const REVIEW_KINDS = ['topic', 'article', 'comment'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** The post kinds: what the content table restores, and what a comment belongs to. */
export const POST_KINDS = ['topic', 'article'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** The kinds the content table lists. */
export const CONTENT_KINDS = ['topic', 'article', 'comment'] as const;
export type ContentKindName = (typeof CONTENT_KINDS)[number];

/** The statuses the content table filters by (API.md: 0 published, 1 deleted, 2 pending). */
export const CONTENT_STATUS_NAMES = ['published', 'pending', 'deleted'] as const;
export type ContentStatusName = (typeof CONTENT_STATUS_NAMES)[number];

/**
 * Why a post was held: the site reviews every new post of its kind (`topicReview`,
 * `articleReview`), or its text carried a forbidden word; `unknown` for a post held before
 * reasons were recorded.
 */
export const HOLD_REASONS = ['reviewSetting', 'forbiddenWord', 'unknown', 'newMember'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** One post or comment waiting for review, with its stored (server-sanitized) HTML. */
export const reviewItemViewSchema = z.strictObject({
  kind: z.enum(REVIEW_KINDS),
  id: z.number(),
  /** A post's display title; a comment's post's. */
  title: z.string(),
  /** A comment's post kind (its title is the post's); absent on posts. */
  on: z.enum(POST_KINDS).optional(),
  /** Sanitized when it was written (the rich-text policy); shown as is. */
  contentHtml: z.string(),
  author: memberRefSchema,
  reason: z.enum(HOLD_REASONS),
  /** The forbidden words found, when that is the reason. */
  words: z.array(z.string()),
  createTime: z.number(),
  /** When it was held (the creation, or the edit that sent it back). */
  heldTime: z.number(),
  /** Its page (a comment: its post's page at the comment). */
  url: z.string(),
}).meta({ id: 'ReviewItemView' });
export type ReviewItemView = z.infer<typeof reviewItemViewSchema>;

export const reviewQueueViewSchema = offsetPageOf(reviewItemViewSchema).extend({
  kind: z.enum(REVIEW_KINDS),
  /** Pending items of every kind (the tabs' badges). */
  counts: z.record(z.enum(REVIEW_KINDS), z.number()),
}).meta({ id: 'ReviewQueueView' });
export type ReviewQueueView = z.infer<typeof reviewQueueViewSchema>;

/** What a decision on several items answers: the ids moved. */
export const reviewDecisionViewSchema = z.strictObject({ kind: z.enum(REVIEW_KINDS), ids: z.array(z.number()) }).meta({ id: 'ReviewDecisionView' });
export type ReviewDecisionView = z.infer<typeof reviewDecisionViewSchema>;

/** One row of the content table. */
export const contentRowViewSchema = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  id: z.number(),
  /** A post's display title; a comment's item's title. */
  title: z.string(),
  /** A plain-text excerpt (a post's summary, a comment's text). */
  excerpt: z.string(),
  author: memberRefSchema,
  status: z.enum(CONTENT_STATUS_NAMES),
  recommend: z.boolean(),
  /** Topics only. */
  sticky: z.boolean(),
  createTime: z.number(),
  /** Its page (a comment: its item's page at the comment). */
  url: z.string(),
}).meta({ id: 'ContentRowView' });
export type ContentRowView = z.infer<typeof contentRowViewSchema>;

export const contentTableViewSchema = offsetPageOf(contentRowViewSchema).extend({
  kind: z.enum(CONTENT_KINDS),
  status: z.enum(CONTENT_STATUS_NAMES),
  q: z.string(),
}).meta({ id: 'ContentTableView' });
export type ContentTableView = z.infer<typeof contentTableViewSchema>;
