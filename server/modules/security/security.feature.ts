/**
 * Two-factor authentication and passkeys (issue 29): a member's own factors (settings), the staff
 * requirement (a check the runner makes before every staff-only action), and a sweep of expired
 * sign-in tickets and WebAuthn challenges. The sign-in steps themselves are auth's.
 */
import { requireDb } from '../../context';
import type { Feature } from '../../kernel/feature';
import { defineSchedule } from '../../kernel/jobs';
import { securityActionList } from './security.actions';
import { deleteExpiredTickets } from './security.repository';
import { requireEnrolledStaff } from './staff-gate';
import { forgetSecurityOf } from './security.service';

const sweepTickets = defineSchedule({
  name: 'security.sweep',
  everyMs: 60 * 60_000,
  async run(ctx) {
    await deleteExpiredTickets(requireDb(ctx), ctx.clock.now());
  },
});

export const securityFeature: Feature = {
  name: 'security',
  actions: securityActionList,
  schedules: [sweepTickets],
  setup(ctx) {
    ctx.staffChecks.push(requireEnrolledStaff);
    // An erased account (issue 29): its authenticator seed, recovery codes, passkeys and tickets go with it.
    ctx.events.onWrite('user.erased', 'security', ({ userId }, { db }) => forgetSecurityOf(db, userId));
  },
};
