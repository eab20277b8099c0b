/**
 * The reports feature's actions (ADR 0021, issue 28): a member reports (signed in, not banned; a
 * click of their report allowance once the body is valid, given back when the item cannot be
 * reported); staff (`content:moderate`) read the Reports tab and resolve.
 */
import { reportActions } from '../../../common/actions/reports';
import { reportQueueViewSchema, reportResolutionSchema, reportResultSchema } from '../../../common/views/reports';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { createReport, reportList, resolveReport } from './reports.usecases';

/** Reports per member (setting `reportLimits.perUser`): a wall for a script reporting everything, never for a member. */
const reportLimit = limit.perUser((settings) => ({ name: 'report:user', ...settings.reportLimits.perUser }), { refundOn: [404] });

export const reportsActionList = [
  writeAction(reportActions.create, { who: who.writer(), limit: reportLimit, answer: reportResultSchema, run: createReport }),
  readAction(reportActions.queue, { who: who.staff('content:moderate'), answer: reportQueueViewSchema, run: reportList }),
  writeAction(reportActions.resolve, {
    who: who.staff('content:moderate'),
    limit: limit.none('a moderator’s decision on one reported item, audited; nothing piles up'),
    answer: reportResolutionSchema,
    run: resolveReport,
  }),
];
