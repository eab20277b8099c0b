/**
 * Reports by members (issue 28, ADR 0026): members report topics, tweets, articles, comments,
 * members (and, once that feature registers its type, conversation messages); staff resolve
 * them from the review queue's Reports tab. It owns `report_cases` and `reports`, registers the
 * reportable types of the features that have no registration of their own, and tells the
 * reporters and the audit log of each resolution (its `report.resolved` listeners).
 */
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { notify } from '../messages/messages.api';
import { reportsActionList } from './reports.actions';
import { registerReportables } from './reports.reportables';

/** What the reporters are told, by outcome (message titles: message.title.report.*). */
const TOLD: Record<'delete' | 'hide' | 'ban' | 'dismiss', 'removed' | 'banned' | 'dismissed'> = { delete: 'removed', hide: 'removed', ban: 'banned', dismiss: 'dismissed' };

export const reportsFeature: Feature = {
  name: 'reports',
  actions: reportsActionList,
  setup(ctx) {
    registerReportables(ctx);
    // The audit log names who resolved which item how, and how many reports it closed.
    ctx.events.onWrite('report.resolved', 'reports', async ({ type, id, title, outcome, closed, actor }, { db, now }) => {
      await recordAudit(db, { actorId: actor.id, action: 'report.resolve', targetType: type, targetId: id, detail: { outcome, reports: closed, title }, ip: actor.ip, time: now });
    });
    // Each reporter hears the outcome (a system message, its title written in their language at
    // read time). Its entity is the case: a message's entity type is short, and the item may be gone.
    ctx.events.onWrite('report.resolved', 'reports', async ({ caseId, title, outcome, reporterIds }, scope) => {
      for (const to of reporterIds) {
        await notify(scope, { to, from: null, type: 'system', title, entity: { type: 'report', id: caseId }, params: { notice: 'report', outcome: TOLD[outcome] }, eventKey: `report:${caseId}:${scope.now}` });
      }
    });
  },
};
