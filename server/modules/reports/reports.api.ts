/**
 * The reports feature's public surface (DESIGN convention 13): what other features may use of it.
 *
 * - `hasReportOnConversation(db, conversationId, now)`: whether staff may read a conversation
 *   through a report of it (a report of one of its messages, open or resolved within
 *   `CONVERSATION_ACCESS_DAYS` days), for the conversations feature's staff read (audited there);
 * - `reportingPausedUntil`: when a member may report again (null: now), for a page that would
 *   rather not offer the menu entry.
 *
 * A feature registers its own reportable type on `ctx.reportables` (kernel/reportables.ts).
 */
export { CONVERSATION_ACCESS_DAYS, hasReportOnConversation, reportingPausedUntil } from './reports.service';
