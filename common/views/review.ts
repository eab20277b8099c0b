/**
 * What the review queue (`/admin/review`) and the content table (`/admin/content`) read
 * (issues 16, 17). Both page by offset with a total (common/views/moderation.ts `OffsetPage`).
 */
import type { MemberRef, OffsetPage } from './moderation';

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
export const HOLD_REASONS = ['reviewSetting', 'forbiddenWord', 'unknown'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** One post or comment waiting for review, with its stored (server-sanitized) HTML. */
export interface ReviewItemView {
  kind: ReviewKind;
  id: number;
  /** A post's display title; a comment's post's. */
  title: string;
  /** A comment's post kind (its title is the post's); absent on posts. */
  on?: PostKind;
  /** Sanitized when it was written (the rich-text policy); shown as is. */
  contentHtml: string;
  author: MemberRef;
  reason: HoldReason;
  /** The forbidden words found, when that is the reason. */
  words: string[];
  createTime: number;
  /** When it was held (the creation, or the edit that sent it back). */
  heldTime: number;
  /** Its page (a comment: its post's page at the comment). */
  url: string;
}

export interface ReviewQueueView extends OffsetPage<ReviewItemView> {
  kind: ReviewKind;
  /** Pending items of every kind (the tabs' badges). */
  counts: Record<ReviewKind, number>;
}

/** What a decision on several items answers: the ids moved. */
export interface ReviewDecisionView {
  kind: ReviewKind;
  ids: number[];
}

/** One row of the content table. */
export interface ContentRowView {
  kind: ContentKindName;
  id: number;
  /** A post's display title; a comment's item's title. */
  title: string;
  /** A plain-text excerpt (a post's summary, a comment's text). */
  excerpt: string;
  author: MemberRef;
  status: ContentStatusName;
  recommend: boolean;
  /** Topics only. */
  sticky: boolean;
  createTime: number;
  /** Its page (a comment: its item's page at the comment). */
  url: string;
}

export interface ContentTableView extends OffsetPage<ContentRowView> {
  kind: ContentKindName;
  status: ContentStatusName;
  q: string;
}
