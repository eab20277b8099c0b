/**
 * Reports by members as the API and the pages see them (issue 28): a member's answer after
 * reporting, and the review queue's Reports tab (one row per reported item).
 */
import { z } from '../zod';
import { REPORT_OUTCOMES, REPORT_REASONS, REPORT_TYPES } from '../validation/reports';
import { memberRefSchema } from './moderation';

/**
 * POST report/create: `reported` (a new report), or `alreadyReported` (this member had reported
 * the item already: nothing changed).
 */
export const reportResultSchema = z.strictObject({ status: z.enum(['reported', 'alreadyReported']) }).meta({ id: 'ReportResult' });
export type ReportResult = z.infer<typeof reportResultSchema>;

/** One reporter's words on an item. */
export const reportTextSchema = z.strictObject({ reporter: memberRefSchema.nullable(), reason: z.enum(REPORT_REASONS), text: z.string(), createTime: z.number() }).meta({ id: 'ReportText' });

/** One reported item of the Reports tab: how many open reports, by reason, and the reporters' texts. */
export const reportCaseViewSchema = z
  .strictObject({
    type: z.enum(REPORT_TYPES),
    id: z.number(),
    /** What the item was called when last reported (a member: their nickname). */
    title: z.string(),
    excerpt: z.string(),
    /** Its page; null when it has none (a conversation message). */
    url: z.string().nullable(),
    /** The conversation a reported message belongs to (staff read it through this report); null otherwise. */
    conversationId: z.number().nullable(),
    author: memberRefSchema.nullable(),
    /** Open reports of the item. */
    count: z.number(),
    /** Open reports per reason, the commonest first. */
    reasons: z.array(z.strictObject({ reason: z.enum(REPORT_REASONS), count: z.number() })),
    /** The newest reporters' texts (and reasons). */
    reports: z.array(reportTextSchema),
    /** What staff may do with it: its type's removals, a ban when it has an author, dismiss. */
    outcomes: z.array(z.enum(REPORT_OUTCOMES)),
    lastReportTime: z.number(),
  })
  .meta({ id: 'ReportCaseView' });
export type ReportCaseView = z.infer<typeof reportCaseViewSchema>;

/** GET admin/reports/list: the open items, newest report first, keyset paged, and how many are open. */
export const reportQueueViewSchema = z
  .strictObject({ results: z.array(reportCaseViewSchema), cursor: z.string(), hasMore: z.boolean(), open: z.number() })
  .meta({ id: 'ReportQueueView' });
export type ReportQueueView = z.infer<typeof reportQueueViewSchema>;

/** POST admin/reports/resolve: the outcome, and how many reports it closed. */
export const reportResolutionSchema = z.strictObject({ outcome: z.enum(REPORT_OUTCOMES), closed: z.number() }).meta({ id: 'ReportResolution' });
export type ReportResolution = z.infer<typeof reportResolutionSchema>;
