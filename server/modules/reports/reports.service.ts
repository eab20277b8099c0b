/**
 * Reports by members (issue 28, ADR 0026): a member reports an item of a registered type
 * (kernel/reportables.ts) once; staff resolve all of an item's open reports at once, all or none,
 * and the reporters hear the outcome (the `report.resolved` listeners: their messages, the audit
 * row). A member whose reports staff keep dismissing pauses reporting for a while (settings
 * `reportLimits`). The queue shows one row per item from the case's snapshot, in a constant number of
 * queries.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { formatDateTime } from '../../../common/relative-time';
import { REPORT_LIMITS, type ReportInput, type ReportOutcome, type ReportReason, type ReportSettings, type ResolveReportInput } from '../../../common/validation/reports';
import type { ReportCaseView, ReportQueueView, ReportResult } from '../../../common/views/reports';
import type { DB, ReportCaseRow, ReportRow, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { decodePairCursor, encodeCursor } from '../../kernel/paging';
import type { ReportableRegistry, ReportableType, ReportedItem } from '../../kernel/reportables';
import { banMember } from '../moderation/moderation.api';
import { findUsersByIds } from '../users/users.api';
import {
  CASE_STATUS,
  closeCase,
  closeReports,
  countOpenCases,
  ensureCase,
  findConversationCase,
  findOpenCases,
  findOpenReportsOf,
  insertReportIfAbsent,
  lockCase,
  openCase,
  openReporters,
  recentResolved,
  REPORT_STATUS,
  type CaseSnapshot,
} from './reports.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long after a report of a conversation closed staff may still read that conversation through
 * it (`hasReportOnConversation`): long enough to look again at a follow-up, short enough that a
 * resolved report is not a key kept for ever.
 */
export const CONVERSATION_ACCESS_DAYS = 30;

function reportableOf(registry: ReportableRegistry, type: string): ReportableType {
  const reportable = registry.get(type);
  if (!reportable) throw errors.notFound('reports.errors.notFound');
  return reportable;
}

function snapshotOf(item: ReportedItem): CaseSnapshot {
  return {
    author_id: item.authorId,
    title: item.title.slice(0, 255),
    excerpt: item.excerpt.slice(0, 255),
    url: (item.url ?? '').slice(0, 512),
    conversation_id: item.conversationId ?? null,
  };
}

/**
 * When a member may report again, or null when they may now: `dismissed` of their last `ofLast`
 * resolved reports within `withinDays` days pause them for `pauseDays` days after the newest of
 * those dismissals.
 */
export async function reportingPausedUntil(db: Kysely<DB>, reporterId: number, rules: ReportSettings, now: number): Promise<number | null> {
  if (rules.dismissed === 0) return null;
  const recent = await recentResolved(db, reporterId, now - rules.withinDays * DAY_MS, rules.ofLast);
  const dismissed = recent.filter((row) => row.status === REPORT_STATUS.dismissed);
  if (dismissed.length < rules.dismissed) return null;
  const until = Math.max(...dismissed.map((row) => Number(row.update_time))) + rules.pauseDays * DAY_MS;
  return now < until ? until : null;
}

/**
 * POST report/create, inside the write: an item that exists, is not deleted and the reporter may
 * see (404 otherwise, as for any item they cannot reach), not their own (403), while they are not
 * paused (403 saying until when). A second report of the same item by the same member answers
 * `alreadyReported` and writes nothing.
 */
export async function reportItem(scope: WriteScope, reporter: UserRow, input: ReportInput, settings: { reportLimits: ReportSettings; timeZone: string }): Promise<ReportResult> {
  const { db, now } = scope;
  const reportable = reportableOf(scope.ctx.reportables, input.type);
  const item = await reportable.load(db, input.id);
  if (!item || item.status === CONTENT_STATUS.deleted || !(await reportable.visibleTo(db, input.id, item, reporter))) throw errors.notFound('reports.errors.notFound');
  if (item.authorId === reporter.id) throw errors.forbidden('reports.errors.own');
  const until = await reportingPausedUntil(db, reporter.id, settings.reportLimits, now);
  if (until !== null) throw errors.forbidden('reports.errors.paused', { until: formatDateTime(until, settings.timeZone), pausedUntil: until });
  const snapshot = snapshotOf(item);
  await ensureCase(db, input.type, input.id, snapshot, now);
  const reportCase = await lockCase(db, input.type, input.id);
  if (!reportCase) throw errors.notFound('reports.errors.notFound');
  const written = await insertReportIfAbsent(db, { case_id: reportCase.id, reporter_id: reporter.id, reason: input.reason, text: input.text }, now);
  if (!written) return { status: 'alreadyReported' };
  await openCase(db, reportCase.id, snapshot, now);
  return { status: 'reported' };
}

/** The outcomes staff may choose for a case: its type's removals, a ban when it has an author, dismiss. */
function outcomesOf(reportable: ReportableType | undefined, row: Pick<ReportCaseRow, 'author_id'>): ReportOutcome[] {
  return [...(reportable?.removals ?? []), ...(row.author_id !== null ? (['ban'] as const) : []), 'dismiss'];
}

/**
 * POST admin/reports/resolve, inside the write (all or none): the item's open reports close with
 * the outcome — taken down by its type's own rules, its author banned by the moderation feature's
 * ban (its rules: 403 for a staff member of equal rank), or dismissed — and `report.resolved`
 * tells the reporters and the audit log. No open report: 409.
 */
export async function resolveReports(scope: WriteScope, moderator: UserRow, actor: Actor, input: ResolveReportInput): Promise<{ outcome: ReportOutcome; closed: number }> {
  const { db, now } = scope;
  const reportable = reportableOf(scope.ctx.reportables, input.type);
  const reportCase = await lockCase(db, input.type, input.id);
  if (!reportCase || reportCase.status !== CASE_STATUS.open) throw errors.conflict('reports.errors.noOpenReports');
  if (!outcomesOf(reportable, reportCase).includes(input.outcome)) throw errors.validation({ outcome: 'reports.validation.outcomeNotFor' });
  const reporterIds = await openReporters(db, reportCase.id);
  switch (input.outcome) {
    case 'delete':
    case 'hide':
      await reportable.remove?.(scope, input.id, input.outcome, actor);
      break;
    case 'ban':
      await banMember(scope, moderator, { userId: reportCase.author_id ?? 0, days: input.days ?? 7, reason: input.reason, hideContent: input.hideContent }, actor.ip);
      break;
    case 'dismiss':
      break;
  }
  const closed = await closeReports(db, reportCase.id, input.outcome === 'dismiss' ? REPORT_STATUS.dismissed : REPORT_STATUS.upheld, now);
  await closeCase(db, reportCase.id, input.outcome, moderator.id, now);
  await scope.emit('report.resolved', { caseId: reportCase.id, type: input.type, id: input.id, title: reportCase.title, outcome: input.outcome, reporterIds, closed, actor });
  return { outcome: input.outcome, closed };
}

function memberRef(user: UserRow | undefined): ReportCaseView['author'] {
  return user ? { id: user.id, nickname: user.nickname, avatar: user.avatar } : null;
}

function reasonCounts(reports: readonly ReportRow[]): ReportCaseView['reasons'] {
  const counts = new Map<ReportReason, number>();
  for (const report of reports) counts.set(report.reason as ReportReason, (counts.get(report.reason as ReportReason) ?? 0) + 1);
  return [...counts.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * GET admin/reports/list: the open items, newest report first (keyset), each with its open
 * reports' count, their reasons with counts, the newest reporters' texts and its author, in four
 * queries whatever the page holds.
 */
export async function reportQueue(db: Kysely<DB>, registry: ReportableRegistry, cursor: string | undefined): Promise<ReportQueueView> {
  const after = decodePairCursor(cursor);
  const rows = await findOpenCases(db, after, REPORT_LIMITS.pageSize + 1);
  const page = rows.slice(0, REPORT_LIMITS.pageSize);
  const hasMore = rows.length > REPORT_LIMITS.pageSize;
  const open = await countOpenCases(db);
  const reports = await findOpenReportsOf(db, page.map((row) => row.id));
  const userIds = new Set<number>();
  for (const row of page) if (row.author_id !== null) userIds.add(Number(row.author_id));
  for (const report of reports) userIds.add(Number(report.reporter_id));
  const users = new Map((await findUsersByIds(db, [...userIds])).map((user) => [user.id, user]));
  const results = page.map((row): ReportCaseView => {
    const mine = reports.filter((report) => report.case_id === row.id);
    return {
      type: row.target_type as ReportCaseView['type'],
      id: Number(row.target_id),
      title: row.title,
      excerpt: row.excerpt,
      url: row.url === '' ? null : row.url,
      conversationId: row.conversation_id === null ? null : Number(row.conversation_id),
      author: row.author_id === null ? null : memberRef(users.get(Number(row.author_id))),
      count: mine.length,
      reasons: reasonCounts(mine),
      reports: mine.slice(0, REPORT_LIMITS.textsShown).map((report) => ({ reporter: memberRef(users.get(Number(report.reporter_id))), reason: report.reason as ReportReason, text: report.text, createTime: Number(report.create_time) })),
      outcomes: outcomesOf(registry.get(row.target_type), row),
      lastReportTime: Number(row.last_report_time),
    };
  });
  const last = page[page.length - 1];
  return { results, cursor: hasMore && last ? encodeCursor([Number(last.last_report_time), Number(last.id)]) : '', hasMore, open };
}

/**
 * Whether staff may read a conversation through a report of it: a report of one of its messages
 * that is open, or was resolved within the last CONVERSATION_ACCESS_DAYS days. Read through the
 * case's `conversation_id`, which the conversation message type's `load` gives.
 */
export function hasReportOnConversation(db: Kysely<DB>, conversationId: number, now: number): Promise<boolean> {
  return findConversationCase(db, conversationId, now - CONVERSATION_ACCESS_DAYS * DAY_MS);
}
