/**
 * VIP membership (issue 18, ADR 0020): orders paid in USDT on TRC20, decided by an admin. Its
 * side effects are handlers of its facts: `vip.activated` / `vip.rejected` → the member's site
 * message (messages.feature.ts), the audit row (audit.feature.ts) and the mail, a job of the same
 * transaction (here, vip.jobs.ts); `vip.expiring` (the hourly reminder job) → the reminder
 * message (messages.feature.ts); the activation's `user.profileChanged` → the pages (the badge).
 */
import type { Feature } from '../../features';
import { reminderSchedule, vipMailJob } from './vip.jobs';
import { vipPages } from './vip.pages';
import { vipRoutes } from './vip.routes';

export const vipFeature: Feature = {
  name: 'vip',
  api: vipRoutes,
  pages: vipPages,
  jobs: [vipMailJob],
  schedules: [reminderSchedule],
  setup(ctx) {
    ctx.events.onWrite('vip.activated', 'vip', ({ order, until }, scope) =>
      scope.enqueue(vipMailJob, { kind: 'activated', userId: order.userId, plan: order.plan, amount: order.amount, until }),
    );
    ctx.events.onWrite('vip.rejected', 'vip', ({ order, reason }, scope) =>
      scope.enqueue(vipMailJob, { kind: 'rejected', userId: order.userId, plan: order.plan, amount: order.amount, reason }),
    );
  },
};
