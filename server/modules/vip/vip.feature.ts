/**
 * VIP membership (issue 18, ADR 0020): orders paid in USDT on TRC20, decided by an admin. Its
 * side effects are its handlers of its facts: `vip.activated` / `vip.rejected` → the member's
 * site message, the audit row and the mail, a job of the same transaction (vip.jobs.ts);
 * `vip.expiring` (the hourly reminder job) → the reminder message; the activation's
 * `user.profileChanged` → the pages (the badge).
 */
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { notify } from '../messages/messages.api';
import { vipActionList } from './vip.actions';
import { reminderSchedule, vipMailJob } from './vip.jobs';

/** The member's membership page (app/lib/paths.ts `membership`). */
const MEMBERSHIP_PAGE = '/user/profile/member';

export const vipFeature: Feature = {
  name: 'vip',
  actions: vipActionList,
  jobs: [vipMailJob],
  schedules: [reminderSchedule],
  setup(ctx) {
    ctx.events.onWrite('vip.activated', 'vip', ({ order, until }, scope) =>
      scope.enqueue(vipMailJob, { kind: 'activated', userId: order.userId, plan: order.plan, amount: order.amount, until }),
    );
    ctx.events.onWrite('vip.rejected', 'vip', ({ order, reason }, scope) =>
      scope.enqueue(vipMailJob, { kind: 'rejected', userId: order.userId, plan: order.plan, amount: order.amount, reason }),
    );
    // The admin's decision, and the reminder before the end (once per end: the key names it), each
    // linking to the membership page; titles are written in the reader's language.
    ctx.events.onWrite('vip.activated', 'vip', async ({ order, until, previousUntil, actor }, scope) => {
      await notify(scope, { to: order.userId, from: null, type: 'vip_activated', url: MEMBERSHIP_PAGE, params: { until, plan: order.plan }, entity: { type: 'vip_order', id: order.id }, eventKey: `vip_activated:${order.id}` });
      // Which order, whose, the plan, the amount and hash checked, and the outcome.
      const detail = { orderId: order.id, plan: order.plan, amount: order.amount, txHash: order.txHash, until, previousUntil };
      await recordAudit(scope.db, { actorId: actor.id, action: 'vip.activate', targetType: 'user', targetId: order.userId, detail, ip: actor.ip, time: scope.now });
    });
    ctx.events.onWrite('vip.rejected', 'vip', async ({ order, reason, actor }, scope) => {
      await notify(scope, { to: order.userId, from: null, type: 'vip_rejected', content: reason, url: MEMBERSHIP_PAGE, params: { plan: order.plan }, entity: { type: 'vip_order', id: order.id }, eventKey: `vip_rejected:${order.id}` });
      const detail = { orderId: order.id, plan: order.plan, amount: order.amount, txHash: order.txHash, reason };
      await recordAudit(scope.db, { actorId: actor.id, action: 'vip.reject', targetType: 'user', targetId: order.userId, detail, ip: actor.ip, time: scope.now });
    });
    ctx.events.onWrite('vip.expiring', 'vip', async ({ userId, expireTime }, scope) => {
      await notify(scope, { to: userId, from: null, type: 'vip_expiring', url: MEMBERSHIP_PAGE, params: { until: expireTime }, eventKey: `vip_expiring:${expireTime}` });
    });
  },
};
