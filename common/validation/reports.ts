/**
 * Request fields of reports by members (issue 28, docs/api-additions.md "Reports"): what a
 * member reports and why, and how staff resolve a reported item.
 */
import { z } from '../zod';
import { BAN_DAYS, BAN_REASON_MAX, type BanDays } from '../policy';
import { cursorField, idField, integerField } from './fields';

/** Why a member reports; `other` needs their words. */
export const REPORT_REASONS = ['spam', 'harassment', 'scam', 'offTopic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What may be reported: the types the server registers (kernel/reportables.ts). A tweet is a
 * topic. Conversation messages join with the conversations feature.
 */
export const REPORT_TYPES = ['topic', 'article', 'comment', 'user', 'conversation_message'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** How staff close a reported item: take it down (delete, hide), ban its author, or dismiss the reports. */
export const REPORT_OUTCOMES = ['delete', 'hide', 'ban', 'dismiss'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export const REPORT_LIMITS = {
  /** A reporter's own words (required with `other`, optional otherwise). */
  textMax: 500,
  /** Open items per page of the Reports tab. */
  pageSize: 20,
  /** Reporters' texts shown per item in the queue (the newest). */
  textsShown: 10,
} as const;

const typeField = z.enum(REPORT_TYPES, { error: 'reports.validation.type' });

/** POST report/create. */
export const reportSchema = z
  .object({
    type: typeField,
    id: idField,
    reason: z.enum(REPORT_REASONS, { error: 'reports.validation.reason' }),
    text: z.string({ error: 'validation.invalid' }).trim().max(REPORT_LIMITS.textMax, 'reports.validation.textTooLong').default(''),
  })
  .refine((report) => report.reason !== 'other' || report.text.length > 0, { path: ['text'], message: 'reports.validation.textRequired' });
export type ReportInput = z.output<typeof reportSchema>;

/** `days` of a ban chosen while resolving: 7 or −1 (forever), as the ban dialog sends them. */
const banDaysField = integerField(-1).refine((days): days is BanDays => (BAN_DAYS as readonly number[]).includes(days), 'ban.validation.days');

/**
 * POST admin/reports/resolve: the item, and what staff do. A ban carries the ban dialog's fields
 * (days, reason, hide the member's content with a forever ban).
 */
export const resolveReportSchema = z
  .object({
    type: typeField,
    id: idField,
    outcome: z.enum(REPORT_OUTCOMES, { error: 'reports.validation.outcome' }),
    days: banDaysField.optional(),
    reason: z.string({ error: 'validation.invalid' }).trim().max(BAN_REASON_MAX, 'ban.validation.reasonTooLong').default(''),
    hideContent: z
      .preprocess((value) => (value === 'true' || value === 'on' || value === '1' ? true : value === 'false' || value === '' || value === '0' ? false : value), z.boolean({ error: 'validation.invalid' }))
      .default(false),
  })
  .refine((r) => r.outcome !== 'ban' || r.days !== undefined, { path: ['days'], message: 'ban.validation.days' })
  .refine((r) => r.outcome !== 'ban' || r.reason.length > 0, { path: ['reason'], message: 'ban.validation.reasonRequired' })
  .refine((r) => !r.hideContent || r.days === -1, { path: ['hideContent'], message: 'adminUsers.validation.hideNeedsForever' });
export type ResolveReportInput = z.output<typeof resolveReportSchema>;

/** GET admin/reports/list: where the previous page ended. */
export const reportQueueQuery = z.object({ cursor: cursorField });


// The `reportLimits` site setting's rules live with the other settings' (common/validation/settings.ts).
export { reportSettingsSchema, type ReportSettings } from './settings';
