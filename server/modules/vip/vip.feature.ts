/**
 * VIP membership (issue 18, ADR 0020): orders paid in USDT on TRC20, decided by an admin. Its
 * side effects are handlers of its facts: `vip.activated` / `vip.rejected` → the member's site
 * message (messages.feature.ts), the audit row (audit.feature.ts) and, after the commit, the
 * mail (here); `vip.expiring` → the reminder message (messages.feature.ts); the activation's
 * `user.profileChanged` → the pages (the badge).
 */
import type { Feature } from '../../features';
import { sendVipMail } from './vip.mail';
import { vipPages } from './vip.pages';
import { vipRoutes } from './vip.routes';

export const vipFeature: Feature = {
  name: 'vip',
  api: vipRoutes,
  pages: vipPages,
  setup(ctx) {
    ctx.events.onCommit('vip.activated', 'vip', (fact, app) => sendVipMail(app, { kind: 'activated', fact }));
    ctx.events.onCommit('vip.rejected', 'vip', (fact, app) => sendVipMail(app, { kind: 'rejected', fact }));
  },
};
