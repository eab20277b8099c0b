/**
 * Formal warnings (issue 28): the declared actions, and the listeners of its facts: a warning is
 * audited and tells the member (a system message, beside the banner every page shows until they
 * acknowledge it); an acknowledgement is audited.
 */
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { notify } from '../messages/messages.api';
import { warningsActionList } from './warnings.actions';
import { deleteWarningsOf } from './warnings.repository';

export const warningsFeature: Feature = {
  name: 'warnings',
  actions: warningsActionList,
  setup(ctx) {
    // An erased member (issue 29): the warnings they were sent go.
    ctx.events.onWrite('user.erased', 'warnings', ({ userId }, { db }) => deleteWarningsOf(db, userId));

    ctx.events.onWrite('warning.sent', 'warnings', async ({ warningId, userId, reason, actor }, scope) => {
      await recordAudit(scope.db, { actorId: actor.id, action: 'user.warn', targetType: 'user', targetId: userId, detail: { warningId, reason }, ip: actor.ip, time: scope.now });
      await notify(scope, { to: userId, from: null, type: 'system', content: reason, params: { notice: 'warned' }, entity: { type: 'user', id: userId }, eventKey: `warning:${warningId}` });
    });
    ctx.events.onWrite('warning.acknowledged', 'warnings', async ({ warningId, userId, actor }, scope) => {
      await recordAudit(scope.db, { actorId: actor.id, action: 'user.warningAcknowledged', targetType: 'user', targetId: userId, detail: { warningId }, ip: actor.ip, time: scope.now });
    });
  },
};
