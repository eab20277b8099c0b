/**
 * The reports feature's use cases (issue 28), one function per action (reports.actions.ts
 * declares who may call each): a member's report, the Reports tab, staff's resolution.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { reportActions } from '../../../common/actions/reports';
import type { ReportQueueView, ReportResolution, ReportResult } from '../../../common/views/reports';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { reportItem, reportQueue, resolveReports } from './reports.service';

type Input<K extends keyof typeof reportActions> = ParsedInputOf<(typeof reportActions)[K]>;

/** POST report/create, inside the transaction. */
export function createReport({ scope, caller, input, settings }: WriteCall<Input<'create'>, undefined>): Promise<ReportResult> {
  return reportItem(scope, memberOf(caller), input, settings);
}

/** GET admin/reports/list. */
export function reportList({ db, ctx, input }: ReadCall<Input<'queue'>, undefined>): Promise<ReportQueueView> {
  return reportQueue(db, ctx.reportables, input.cursor);
}

/** POST admin/reports/resolve, all or none inside the transaction. */
export function resolveReport({ scope, caller, input }: WriteCall<Input<'resolve'>, undefined>): Promise<ReportResolution> {
  return resolveReports(scope, memberOf(caller), actorOf(caller), input);
}
