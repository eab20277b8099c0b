/**
 * Reports by members (issue 28, docs/api-additions.md "Reports"): a member reports an item;
 * staff read the Reports tab of the review queue and resolve an item's reports.
 */
import { reportQueueQuery, reportSchema, resolveReportSchema } from '../validation/reports';
import type { ReportQueueView, ReportResolution, ReportResult } from '../views/reports';
import { contract, returns } from './contract';

export const reportActions = {
  create: contract({
    name: 'report.create',
    method: 'POST',
    path: '/api/report/create',
    input: reportSchema,
    output: returns<ReportResult>(),
    summary: 'Reports a topic, article, comment, member or conversation message to staff with a reason; a second report of the same item changes nothing.',
  }),
  queue: contract({
    name: 'report.queue',
    method: 'GET',
    path: '/api/admin/reports/list',
    input: reportQueueQuery,
    output: returns<ReportQueueView>(),
    summary: 'The reported items with open reports, newest report first: counts, reasons, reporters’ texts.',
  }),
  resolve: contract({
    name: 'report.resolve',
    method: 'POST',
    path: '/api/admin/reports/resolve',
    input: resolveReportSchema,
    output: returns<ReportResolution>(),
    summary: 'Resolves every open report of an item at once: delete or hide it, ban its author, or dismiss; the reporters are told.',
  }),
};
